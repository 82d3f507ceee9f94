import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { RecordCreatedBy, createEvent, type EventPayload } from '@kcf/contracts';
import { JetStreamEventBus } from '@kcf/server-kit';
import { uniqueName } from '@kcf/testing';
import { asRoot, createUser, eventually, startIdentity, type IdentityHarness } from './identity-harness';

const NATS = 'nats://127.0.0.1:4222';

let h: IdentityHarness;
let root: Record<string, string>;
beforeAll(async () => {
  h = await startIdentity();
  root = await asRoot(h);
});
afterAll(async () => {
  await h?.stop();
});

type Fact = EventPayload<typeof RecordCreatedBy>;
const publish = async (payload: Fact, id = randomUUID()) => {
  await h.bus.publish(createEvent(RecordCreatedBy, payload, { id, occurredAt: new Date() }));
  return id;
};

async function handled(eventId: string, on: IdentityHarness = h): Promise<boolean> {
  const c = new Client({ connectionString: on.db.url });
  await c.connect();
  try {
    const { rowCount } = await c.query(
      `SELECT 1 FROM processed_events WHERE consumer = 'identity-created-records' AND event_id = $1`,
      [eventId],
    );
    return rowCount === 1;
  } finally {
    await c.end();
  }
}
const publishAndWait = async (payload: Fact, id?: string) => {
  const eventId = await publish(payload, id);
  await eventually(() => handled(eventId));
  return eventId;
};

const remove = (id: string) => request(h.url).delete(`/api/users/${id}`).set(root);

describe('users who created records cannot be deleted', () => {
  it('answers 409 while the user has a live record, and deletes once every record is gone', async () => {
    const u = await createUser(h, root, { username: 'maker', role: 'admin' });
    const expense = { domain: 'finance', recordType: 'expense', recordId: 'exp-1', userId: u.id } as const;
    const gift = { domain: 'beneficiaries', recordType: 'gift', recordId: 'gift-9', userId: u.id } as const;
    await publishAndWait({ ...expense, deleted: false });
    await publishAndWait({ ...gift, deleted: false });

    const res = await remove(u.id).expect(409);
    expect(res.body.message).toBe('Cannot delete user who has created records');

    await publishAndWait({ ...expense, deleted: true });
    await remove(u.id).expect(409);
    await publishAndWait({ ...gift, deleted: true });
    await remove(u.id).expect(200);
  });

  it('counts an event delivered twice once', async () => {
    const u = await createUser(h, root, { username: 'twice' });
    const fact = { domain: 'finance', recordType: 'income', recordId: 'inc-1', userId: u.id } as const;
    const created = randomUUID();
    await publishAndWait({ ...fact, deleted: false }, created);
    await publishAndWait({ ...fact, deleted: true });
    // The "created" again, as a redelivery: the consumer has handled that event id already.
    await h.bus.publish(
      createEvent(RecordCreatedBy, { ...fact, deleted: false }, { id: created, occurredAt: new Date() }),
    );
    await new Promise((r) => setTimeout(r, 200));
    await remove(u.id).expect(200);
  });

  it('keeps a deleted record deleted when its "created" arrives late or again', async () => {
    const u = await createUser(h, root, { username: 'late' });
    const fact = { domain: 'beneficiaries', recordType: 'document', recordId: 'doc-3', userId: u.id } as const;
    await publishAndWait({ ...fact, deleted: true });
    await publishAndWait({ ...fact, deleted: false });
    await remove(u.id).expect(200);
  });

  it('does not hold other users’ records against a user', async () => {
    const a = await createUser(h, root, { username: 'usera' });
    const b = await createUser(h, root, { username: 'userb' });
    await publishAndWait({
      domain: 'beneficiaries',
      recordType: 'beneficiary',
      recordId: 'KCF-000001',
      userId: a.id,
      deleted: false,
    });
    await remove(b.id).expect(200);
    await remove(a.id).expect(409);
  });
});

describe('over NATS JetStream (separate processes)', () => {
  let js: IdentityHarness;
  let publisher: JetStreamEventBus;
  const place = {
    streamName: `IDENTITY_${uniqueName('rec').replace(/-/g, '_')}`.toUpperCase(),
    subjectPrefix: uniqueName('idrec').replace(/-/g, '_'),
  };
  beforeAll(async () => {
    js = await startIdentity({
      NATS_URL: NATS,
      NATS_STREAM: place.streamName,
      NATS_SUBJECT_PREFIX: place.subjectPrefix,
    });
    publisher = await JetStreamEventBus.connect({
      servers: NATS,
      ...place,
      logger: { warn: () => undefined, error: () => undefined },
    });
  });
  afterAll(async () => {
    await publisher?.close();
    await js?.stop();
    const nc = await connect({ servers: NATS });
    await (await jetstreamManager(nc)).streams.delete(place.streamName).catch(() => undefined);
    await nc.close();
  });

  it('learns of records another service published and refuses the delete (409)', async () => {
    const jsRoot = await asRoot(js);
    const u = await createUser(js, jsRoot, { username: 'natsmaker', role: 'admin' });
    const fact = { domain: 'finance', recordType: 'budget', recordId: 'bud-1', userId: u.id } as const;
    const created = createEvent(
      RecordCreatedBy,
      { ...fact, deleted: false },
      { id: randomUUID(), occurredAt: new Date() },
    );
    await publisher.publish(created);
    await eventually(() => handled(created.id, js), 10_000);
    await request(js.url).delete(`/api/users/${u.id}`).set(jsRoot).expect(409);
    const deleted = createEvent(
      RecordCreatedBy,
      { ...fact, deleted: true },
      { id: randomUUID(), occurredAt: new Date() },
    );
    await publisher.publish(deleted);
    await eventually(() => handled(deleted.id, js), 10_000);
    await request(js.url).delete(`/api/users/${u.id}`).set(jsRoot).expect(200);
  });
});
