jest.setTimeout(120_000);

import type { Pool } from 'pg';
import { AuditPage } from '@kcf/contracts';
import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import {
  AUDIT_MIGRATIONS,
  AuditRetentionJob,
  AuditTrail,
  checkpointKey,
  expireAuditEntries,
  redactAuditEntries,
  runWithAuditRequest,
  verifyAuditChain,
  type AuditRequest,
} from '../src/audit';
import { readAuditPage } from '../src/audit/audit-query';
import { ManualClock } from '../src/clock/clock';
import { Database, UnitOfWork } from '../src/unit-of-work';
import { migrateDatabase } from '../src/database/run-migrations';
import { createServicePool } from '../src/database/service-pool';
import { sqlOver, WriteOutsideUnitOfWorkError } from '../src/database/sql';

/**
 * The audit trail in one service's database: entries join the unit of work that made the change (none
 * without it, none for a change that rolled back), chain in order under concurrency, refuse UPDATE,
 * DELETE and TRUNCATE, and any edit, removal or insertion made with plain SQL is found by the verifier.
 * The retention job removes old entries and leaves a signed checkpoint the chain goes on from.
 */
let db: TestDatabase;
let pool: Pool;
let uow: UnitOfWork;
let database: Database;
let trail: AuditTrail;
const clock = new ManualClock(new Date('2026-11-25T08:00:00Z'));
const key = checkpointKey('x'.repeat(40));

const mary: AuditRequest = {
  actor: { id: 'u-1', username: 'mary', name: 'Mary Wanjiku', role: 'admin' },
  requestId: 'req-00000001',
  clientIp: '10.0.0.7',
  userAgent: 'Mozilla/5.0',
};

beforeAll(async () => {
  db = await createTestDatabase('kcf_audit');
  await migrateDatabase(db.url, AUDIT_MIGRATIONS);
  pool = createServicePool(db.url, { max: 24 });
  await pool.query('CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)');
  uow = new UnitOfWork(pool);
  database = new Database(uow);
  trail = new AuditTrail(
    'finance',
    uow,
    sqlOver(() => pool),
    clock,
  );
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const COLUMNS =
  'seq, at, actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, prev_hash, hash, form';

/** Plain SQL as a database owner who turned the triggers off (what a tamperer would do). */
async function tamper(sql: string, values: unknown[] = []): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(sql, values);
  } finally {
    await client.query(`SET session_replication_role = origin`);
    client.release();
  }
}

/** A change: a row written and its entry, in one unit of work, as a request would. */
function change(id: number, name: string, options: { fail?: boolean } = {}): Promise<void> {
  return runWithAuditRequest(mary, () =>
    uow.execute(async () => {
      await database.write.exec(
        'INSERT INTO things (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2',
        [id, name],
      );
      trail.created({ id, name }, { entityType: 'thing', entityId: String(id) });
      if (options.fail) throw new Error('the request failed after writing');
    }),
  );
}

const count = async () =>
  Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_entries')).rows[0].n);

describe('entries', () => {
  it('are written with the change, in its transaction, with the request and the values', async () => {
    await change(1, 'first');
    const { rows } = await pool.query('SELECT * FROM audit_entries ORDER BY seq');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      seq: '1',
      actor_id: 'u-1',
      actor_username: 'mary',
      actor_name: 'Mary Wanjiku',
      actor_role: 'admin',
      action: 'create',
      entity_type: 'thing',
      entity_id: '1',
      request_id: 'req-00000001',
      client_ip: '10.0.0.7',
      user_agent: 'Mozilla/5.0',
      changes: [
        { field: 'id', from: null, to: 1 },
        { field: 'name', from: null, to: 'first' },
      ],
    });
    expect(rows[0].at.toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('are not written when the change rolls back, and the change is not saved', async () => {
    const before = await count();
    await expect(change(2, 'never', { fail: true })).rejects.toThrow('the request failed');
    expect(await count()).toBe(before);
    expect((await pool.query('SELECT * FROM things WHERE id = 2')).rows).toHaveLength(0);
  });

  it('refuse a change entry outside a unit of work', () => {
    expect(() => trail.created({ id: 3 }, { entityType: 'thing', entityId: '3' })).toThrow(WriteOutsideUnitOfWorkError);
  });

  it('write a view at once, outside any transaction', async () => {
    const before = await count();
    await runWithAuditRequest(mary, () =>
      trail.viewed({ entityType: 'beneficiary', entityId: 'KCF-000001', beneficiaryId: 'KCF-000001' }),
    );
    expect(await count()).toBe(before + 1);
  });

  it('verify with awkward text and values (the verifier rebuilds the canonical form itself)', async () => {
    const odd: AuditRequest = {
      ...mary,
      actor: { ...mary.actor, name: 'Amina "Mama" O\'Neil \\ \n\t\u0001 Ñandú 🙂' },
      userAgent: 'a\u2028b',
    };
    await runWithAuditRequest(odd, () =>
      uow.execute(async () => {
        await database.write.exec('INSERT INTO things (id, name) VALUES (7, $1)', ['x']);
        trail.changed('update', [{ field: 'amount', from: '1.50', to: 1.5 }], {
          entityType: 'thing',
          entityId: '7',
          details: {
            nested: { b: 1, a: [1, 2.25, null, true], longerKey: 'v' },
            // eslint-disable-next-line no-loss-of-precision -- a number past a double's precision, as a client may send
            big: 12345678901234567890,
            tiny: 1e-7,
          },
        });
      }),
    );
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true });
  });

  it('are not written at all by a trail that does not record (a benchmark without the trail), and the change is saved', async () => {
    const off = new AuditTrail(
      'finance',
      uow,
      sqlOver(() => pool),
      clock,
      false,
    );
    const before = await count();
    await runWithAuditRequest(mary, async () => {
      await uow.execute(async () => {
        await database.write.exec('INSERT INTO things (id, name) VALUES (8, $1)', ['unrecorded']);
        off.created({ id: 8, name: 'unrecorded' }, { entityType: 'thing', entityId: '8' });
      });
      await off.viewed({ entityType: 'thing', entityId: '8' });
    });
    expect(await count()).toBe(before);
    expect((await pool.query('SELECT name FROM things WHERE id = 8')).rows).toEqual([{ name: 'unrecorded' }]);
  });

  it('chain in order when many units commit at once', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => change(100 + i, `n${i}`)));
    const verdict = await verifyAuditChain(pool, { key });
    expect(verdict).toMatchObject({ ok: true, checked: await count() });
    const { rows } = await pool.query<{ seq: string }>(
      'SELECT seq::text AS seq FROM audit_entries ORDER BY audit_entries.seq',
    );
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  });
});

describe('a page of the trail', () => {
  it('comes newest first by time then position (10 after 9, not before), and continues exactly after a bound', async () => {
    const page = (q: Parameters<typeof readAuditPage>[2]) =>
      readAuditPage(database.readPrepared, 'finance', q).then(
        (text) => AuditPage.pick({ items: true }).parse(JSON.parse(text)).items,
      );
    const all = await page({ limit: 1000, excludeSecurity: false });
    const keys = all.map((e) => [e.at, Number(e.id.split('-')[1])] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(new Set(keys.map(([at]) => at)).size).toBeLessThan(keys.length); // many share an instant
    const [, second] = all;
    const after = await page({
      limit: 1000,
      excludeSecurity: false,
      beforeAt: all[0].at,
      beforeSeq: Number(all[0].id.split('-')[1]),
    });
    expect(after[0].id).toBe(second.id);
    expect(after).toHaveLength(all.length - 1);
  });
});

describe('the trail is append-only', () => {
  it.each([
    ['UPDATE', `UPDATE audit_entries SET actor_name = 'Someone else' WHERE seq = 1`],
    ['DELETE', `DELETE FROM audit_entries WHERE seq = 1`],
    ['TRUNCATE', `TRUNCATE audit_entries`],
  ])('refuses %s, for any role', async (_name, sql) => {
    await expect(pool.query(sql)).rejects.toThrow(/append-only/);
  });
});

describe('the verifier finds', () => {
  /** Runs `harm`, verifies, then puts the table back as it was. */
  async function caught(
    harm: () => Promise<void>,
  ): Promise<{ firstBrokenSeq: string | null; reason: string | null; ok: boolean }> {
    await tamper('CREATE TABLE audit_backup AS SELECT * FROM audit_entries');
    try {
      await harm();
      return await verifyAuditChain(pool, { key });
    } finally {
      await tamper('DELETE FROM audit_entries');
      await tamper(`INSERT INTO audit_entries (${COLUMNS}) SELECT ${COLUMNS} FROM audit_backup`);
      await tamper('DROP TABLE audit_backup');
    }
  }

  it('an edited entry, by its position', async () => {
    const verdict = await caught(() =>
      tamper(`UPDATE audit_entries SET changes = '[{"field":"name","from":null,"to":"forged"}]' WHERE seq = 5`),
    );
    expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: '5', reason: 'Its content does not match its hash' });
  });

  it('a removed entry, at the one after it', async () => {
    const verdict = await caught(() => tamper('DELETE FROM audit_entries WHERE seq = 7'));
    expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: '8', reason: 'Entries 7 to 7 are missing' });
  });

  it('an inserted entry (the ones after it renumbered to hide the gap)', async () => {
    const verdict = await caught(async () => {
      await tamper('UPDATE audit_entries SET seq = -seq - 1 WHERE seq >= 10');
      await tamper('UPDATE audit_entries SET seq = -seq WHERE seq < 0');
      await tamper(`INSERT INTO audit_entries (${COLUMNS}) SELECT 10, at, actor_id, actor_username, actor_name, actor_role, 'delete', entity_type, entity_id,
                     beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, prev_hash, hash, form FROM audit_entries WHERE seq = 9`);
    });
    expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: '10' });
  });

  it('an entry appended with a made-up hash', async () => {
    const verdict = await caught(() =>
      tamper(`INSERT INTO audit_entries (${COLUMNS}) SELECT seq + 1, at, actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id,
                beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, hash, sha256(hash), form FROM audit_entries ORDER BY seq DESC LIMIT 1`),
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toBe('Its content does not match its hash');
  });

  it('nothing when nothing was touched', async () => {
    expect((await verifyAuditChain(pool, { key })).ok).toBe(true);
  });
});

describe('erasing a child', () => {
  const ERASURE = '0b6f6a52-4d9e-4f43-9a57-1d2c3b4a5f60';
  const neema: AuditRequest = { ...mary, actor: { id: 'u-9', username: 'grace', name: 'Grace Tester', role: 'admin' } };

  it('keeps the facts, erases the values, and the chain still verifies', async () => {
    await runWithAuditRequest(neema, async () => {
      await uow.execute(async () => {
        await database.write.exec('INSERT INTO things (id, name) VALUES (777, $1)', ['Neema Atieno']);
        trail.created(
          { id: 'KCF-000777', fullName: 'Neema Atieno', guardianPhone: '0712345678' },
          { entityType: 'beneficiary', entityId: 'KCF-000777', beneficiaryId: 'KCF-000777' },
        );
        trail.changed('update', [{ field: 'status', from: 'pending', to: 'granted' }], {
          entityType: 'consent',
          entityId: 'KCF-000777:medical',
          beneficiaryId: 'KCF-000777',
        });
      });
      await trail.viewed({
        entityType: 'beneficiary-list',
        entityId: null,
        details: { filters: { search: 'neema' }, rows: 1 },
      });
      await trail.viewed({
        entityType: 'beneficiary',
        entityId: 'KCF-000778',
        beneficiaryId: 'KCF-000778',
        details: { note: 'someone else' },
      });
    });
    const all = async () =>
      (
        await pool.query<{ seq: string; row: string }>(
          `SELECT seq::text AS seq, row_to_json(e)::text AS row FROM audit_entries e ORDER BY e.seq`,
        )
      ).rows;
    expect((await all()).filter((r) => /KCF-000777|neema/i.test(r.row))).toHaveLength(3);

    expect(
      await redactAuditEntries(database, key, {
        requestId: ERASURE,
        beneficiaryId: 'KCF-000777',
        texts: ['Neema Atieno', 'Neema'],
      }),
    ).toBe(3);

    expect((await all()).filter((r) => /KCF-000777|neema/i.test(r.row))).toEqual([]);
    const { rows } = await pool.query(
      `SELECT action, entity_type, entity_id, beneficiary_id, actor_name, changes, details FROM audit_entries WHERE redacted IS NOT NULL ORDER BY seq`,
    );
    expect(rows).toEqual([
      {
        action: 'create',
        entity_type: 'beneficiary',
        entity_id: 'erased',
        beneficiary_id: 'erased',
        actor_name: 'Grace Tester',
        details: null,
        changes: [
          { field: 'id', from: 'erased', to: 'erased' },
          { field: 'fullName', from: 'erased', to: 'erased' },
          { field: 'guardianPhone', from: 'erased', to: 'erased' },
        ],
      },
      {
        action: 'update',
        entity_type: 'consent',
        entity_id: 'erased',
        beneficiary_id: 'erased',
        actor_name: 'Grace Tester',
        details: null,
        changes: [{ field: 'status', from: 'erased', to: 'erased' }],
      },
      {
        action: 'view',
        entity_type: 'beneficiary-list',
        entity_id: null,
        beneficiary_id: null,
        actor_name: 'Grace Tester',
        details: { erased: true },
        changes: null,
      },
    ]);
    expect((await all()).some((r) => r.row.includes('KCF-000778'))).toBe(true);
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true });
    expect(
      await redactAuditEntries(database, key, {
        requestId: ERASURE,
        beneficiaryId: 'KCF-000777',
        texts: ['Neema Atieno'],
      }),
    ).toBe(0);
  });

  it("erases the child's guardian account as an actor (its username, name, address, user agent), never a staff member", async () => {
    const [{ mark }] = (await pool.query<{ mark: string }>('SELECT max(seq)::text AS mark FROM audit_entries')).rows;
    const guardian: AuditRequest = {
      actor: { id: 'u-g1', username: 'wanjiru.g', name: 'Wanjiru Guardian', role: 'beneficiary' },
      requestId: 'req-g1',
      clientIp: '41.90.1.2',
      userAgent: 'Android',
    };
    await runWithAuditRequest(guardian, async () => {
      await trail.viewed({ entityType: 'beneficiary', entityId: 'KCF-000779', beneficiaryId: 'KCF-000779' });
      await trail.viewed({ entityType: 'session', entityId: 's-1' });
    });
    await runWithAuditRequest(neema, () =>
      trail.viewed({ entityType: 'beneficiary', entityId: 'KCF-000779', beneficiaryId: 'KCF-000779' }),
    );
    expect(
      await redactAuditEntries(database, key, {
        requestId: ERASURE,
        beneficiaryId: 'KCF-000779',
        texts: ['Amani Guardianchild'],
      }),
    ).toBe(3);
    const { rows } = await pool.query(
      `SELECT actor_id, actor_username, actor_name, client_ip, user_agent, entity_id FROM audit_entries WHERE seq > $1 ORDER BY seq`,
      [mark],
    );
    expect(rows).toEqual([
      {
        actor_id: 'u-g1',
        actor_username: 'erased',
        actor_name: 'erased',
        client_ip: 'erased',
        user_agent: 'erased',
        entity_id: 'erased',
      },
      {
        actor_id: 'u-g1',
        actor_username: 'erased',
        actor_name: 'erased',
        client_ip: 'erased',
        user_agent: 'erased',
        entity_id: 's-1',
      },
      {
        actor_id: 'u-9',
        actor_username: 'grace',
        actor_name: 'Grace Tester',
        client_ip: '10.0.0.7',
        user_agent: 'Mozilla/5.0',
        entity_id: 'erased',
      },
    ]);
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true });
  });

  it('refuses anything else done under the erasure switch: other columns, made-up digests, an erased entry again', async () => {
    const under = async (sql: string) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('kcf.audit_redacting', 'on', true)`);
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    const target = `(SELECT min(seq) FROM audit_entries WHERE salt IS NOT NULL)`;
    await expect(
      under(
        `UPDATE audit_entries e SET redacted = jsonb_build_object('values', audit_entry_digest(e)), salt = NULL, actor_name = 'Someone' WHERE seq = ${target}`,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      under(`UPDATE audit_entries e SET redacted = '{"values": "00"}', salt = NULL WHERE seq = ${target}`),
    ).rejects.toThrow(/append-only/);
    await expect(under(`UPDATE audit_entries SET changes = '[]' WHERE salt IS NULL`)).rejects.toThrow(/append-only/);
  });
});

describe('retention', () => {
  it('removes entries older than the cutoff, leaves a signed checkpoint, and the chain goes on from it', async () => {
    const total = await count();
    clock.set(new Date('2026-11-26T08:00:00Z'));
    await change(500, 'a day later');
    const removed = await expireAuditEntries(database, new Date('2026-11-26T00:00:00Z'), key);
    expect(removed.removed).toBe(total);
    expect(await count()).toBe(1);
    const { rows } = await pool.query<{ seq: string }>('SELECT seq::text AS seq FROM audit_checkpoints');
    expect(rows).toEqual([{ seq: String(total) }]);
    await change(501, 'after the checkpoint');
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true, checked: 2 });
    // Nothing left to remove: a second run changes nothing.
    expect((await expireAuditEntries(database, new Date('2026-11-26T00:00:00Z'), key)).removed).toBe(0);
  });

  it('under its switch, deletes only entries a checkpoint covers: a newer one is refused, the checkpoint cannot be moved', async () => {
    const under = async (sql: string) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('kcf.audit_expiring', 'on', true)`);
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    const [{ checkpoint }] = (
      await pool.query<{ checkpoint: string }>('SELECT max(seq)::text AS checkpoint FROM audit_checkpoints')
    ).rows;
    const before = await count();
    await expect(under(`DELETE FROM audit_entries WHERE seq > ${checkpoint}`)).rejects.toThrow(
      /not covered by a retention checkpoint/,
    );
    await expect(under(`DELETE FROM audit_entries WHERE seq = (SELECT max(seq) FROM audit_entries)`)).rejects.toThrow(
      /not covered by a retention checkpoint/,
    );
    await expect(under(`UPDATE audit_checkpoints SET seq = seq + 100`)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true });
  });

  it('keeps its checkpoints append-only too', async () => {
    await expect(pool.query(`UPDATE audit_checkpoints SET signature = 'x'`)).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM audit_checkpoints`)).rejects.toThrow(/append-only/);
  });

  it('refuses a checkpoint not signed with this installation’s key', async () => {
    expect(await verifyAuditChain(pool, { key: checkpointKey('y'.repeat(40)) })).toMatchObject({
      ok: false,
      reason: 'The retention checkpoint is not signed by this installation',
    });
  });

  it('a checkpoint written to reach recent entries is not signed, and the verifier refuses it', async () => {
    const { rows: before } = await pool.query('SELECT * FROM audit_checkpoints ORDER BY seq');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('kcf.audit_expiring', 'on', true)`);
      await client.query(`INSERT INTO audit_checkpoints (seq, hash, removed_before, signature)
                          SELECT seq, hash, now(), 'forged' FROM audit_entries ORDER BY seq DESC LIMIT 1`);
      await client.query('DELETE FROM audit_entries');
      expect(await verifyAuditChain(client, { key })).toMatchObject({
        ok: false,
        reason: 'The retention checkpoint is not signed by this installation',
      });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect((await pool.query('SELECT * FROM audit_checkpoints ORDER BY seq')).rows).toEqual(before);
  });

  it('never removes a broken part of the chain', async () => {
    clock.set(new Date('2026-11-27T08:00:00Z'));
    await tamper(`UPDATE audit_entries SET actor_name = 'forged' WHERE entity_id = '500'`);
    await expect(expireAuditEntries(database, new Date('2026-11-27T00:00:00Z'), key)).rejects.toThrow(/broken/);
    expect(await count()).toBe(2);
  });
});

describe('the daily retention job', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  let own: TestDatabase;
  let ownPool: Pool;
  let ownUow: UnitOfWork;
  const jobClock = new ManualClock(new Date('2026-01-01T12:00:00Z'));

  beforeAll(async () => {
    own = await createTestDatabase('kcf_audit_job');
    await migrateDatabase(own.url, AUDIT_MIGRATIONS);
    ownPool = createServicePool(own.url, { max: 4 });
    ownUow = new UnitOfWork(ownPool);
  });

  afterAll(async () => {
    await ownPool?.end();
    await own?.drop();
  });

  /** A view recorded at `iso`. */
  const viewAt = async (iso: string) => {
    jobClock.set(new Date(iso));
    await runWithAuditRequest(mary, () =>
      new AuditTrail(
        'finance',
        ownUow,
        sqlOver(() => ownPool),
        jobClock,
      ).viewed({ entityType: 'beneficiary', entityId: 'KCF-000001', beneficiaryId: 'KCF-000001' }),
    );
  };
  const seqs = async () =>
    (await ownPool.query<{ seq: string }>('SELECT seq::text AS seq FROM audit_entries e ORDER BY e.seq')).rows.map(
      (r) => r.seq,
    );
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('runs at start and then every 24 hours, removing the entries older than its retention days', async () => {
    await viewAt('2026-01-01T12:00:00Z');
    await viewAt('2026-01-05T12:00:00Z');
    await viewAt('2026-01-09T12:00:00Z');
    jobClock.set(new Date('2026-01-10T12:00:00Z'));
    const job = new AuditRetentionJob(
      { domain: 'finance', databaseUrl: own.url, clock: jobClock, retentionDays: 3, secret: 'x'.repeat(40) },
      new Database(ownUow),
    );
    const every = jest.spyOn(global, 'setInterval');
    try {
      job.onApplicationBootstrap();
      const daily = every.mock.calls.filter(([, ms]) => ms === DAY_MS);
      expect(daily).toHaveLength(1);
      // At start: 3 days back from 10 January is 7 January; the entries of 1 and 5 January go.
      await until('the run at start', async () => (await seqs()).join() === '3');
      // The next day's run (the clock two days on): the entry of 9 January is now older than 3 days.
      jobClock.set(new Date('2026-01-12T12:00:01Z'));
      (daily[0][0] as () => void)();
      await until('the daily run', async () => (await seqs()).length === 0);
      const { rows } = await ownPool.query<{ seq: string }>(
        'SELECT seq::text AS seq FROM audit_checkpoints c ORDER BY c.seq',
      );
      expect(rows.map((r) => r.seq)).toEqual(['2', '3']);
      await viewAt('2026-01-12T13:00:00Z');
      expect(await verifyAuditChain(ownPool, { key })).toMatchObject({ ok: true, checked: 1, head: { seq: '4' } });
    } finally {
      job.onApplicationShutdown();
      every.mockRestore();
    }
  });
});
