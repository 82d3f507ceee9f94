import request from 'supertest';
import { asRoot, createUser, startIdentity, type IdentityHarness } from './identity-harness';

/**
 * The child a beneficiary user is linked to must exist: identity asks the real svc-beneficiaries
 * (INTERNAL.beneficiaryExists). An unknown child is a 400 on the field; svc-beneficiaries being down is a 503,
 * and in both cases nothing is saved.
 */
let h: IdentityHarness;
let root: Record<string, string>;

beforeAll(async () => {
  h = await startIdentity({}, { children: 2 });
  root = await asRoot(h);
});
afterAll(async () => {
  await h?.stop();
});

const body = (username: string, beneficiaryId: string) => ({
  firstName: 'Mary',
  lastName: 'Wanjala',
  username,
  password: 'Temp!pass1',
  role: 'beneficiary',
  beneficiaryId,
});
const usernames = async () =>
  ((await request(h.url).get('/api/users').set(root).expect(200)).body as { username: string }[]).map(
    (u) => u.username,
  );
const UNKNOWN_CHILD = 'KCF-999999';

describe('while svc-beneficiaries answers', () => {
  it('links a new user to a child that exists', async () => {
    const res = await request(h.url).post('/api/users').set(root).send(body('mary1', h.children[0])).expect(201);
    expect(res.body).toMatchObject({ role: 'beneficiary', beneficiaryId: h.children[0] });
  });

  it('refuses a child that does not exist (400 on the field) and saves nothing', async () => {
    const res = await request(h.url).post('/api/users').set(root).send(body('mary2', UNKNOWN_CHILD)).expect(400);
    expect(res.body.errors).toEqual([{ path: 'beneficiaryId', message: 'Beneficiary not found' }]);
    expect(await usernames()).not.toContain('mary2');
  });

  it('refuses to link an existing user to a child that does not exist, and keeps the user as it was', async () => {
    const u = await createUser(h, root, { username: 'mary3', role: 'viewer' });
    const res = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'Mary', lastName: 'Wanjala', role: 'beneficiary', beneficiaryId: UNKNOWN_CHILD })
      .expect(400);
    expect(res.body.errors).toEqual([{ path: 'beneficiaryId', message: 'Beneficiary not found' }]);
    const moved = await request(h.url)
      .put(`/api/users/${u.id}`)
      .set(root)
      .send({ firstName: 'Mary', lastName: 'Wanjala', role: 'beneficiary', beneficiaryId: h.children[1] })
      .expect(200);
    expect(moved.body).toMatchObject({ role: 'beneficiary', beneficiaryId: h.children[1] });
  });
});

describe('while svc-beneficiaries is down', () => {
  let linked: { id: string };

  beforeAll(async () => {
    linked = await createUser(h, root, { username: 'mary4', role: 'beneficiary', beneficiaryId: h.children[0] });
    await h.beneficiaries!.shutDown();
  });

  it('answers 503 to a new beneficiary user instead of saving an unchecked link', async () => {
    const res = await request(h.url).post('/api/users').set(root).send(body('mary5', h.children[0])).expect(503);
    expect(res.body.message).toBe('The beneficiaries service is unavailable. Try again shortly.');
    expect(res.headers['retry-after']).toBeDefined();
    expect(await usernames()).not.toContain('mary5');
  });

  it('answers 503 to a change of the linked child and keeps the old link', async () => {
    await request(h.url)
      .put(`/api/users/${linked.id}`)
      .set(root)
      .send({ firstName: 'Mary', lastName: 'Wanjala', role: 'beneficiary', beneficiaryId: h.children[1] })
      .expect(503);
    const list = (await request(h.url).get('/api/users').set(root).expect(200)).body as {
      id: string;
      beneficiaryId: string | null;
    }[];
    expect(list.find((u) => u.id === linked.id)?.beneficiaryId).toBe(h.children[0]);
  });

  it('still saves what needs no check: a staff user, and a name change that keeps the same child', async () => {
    await request(h.url)
      .post('/api/users')
      .set(root)
      .send({ ...body('staff1', ''), role: 'viewer' })
      .expect(201);
    const renamed = await request(h.url)
      .put(`/api/users/${linked.id}`)
      .set(root)
      .send({ firstName: 'Maria', lastName: 'Wanjala', role: 'beneficiary', beneficiaryId: h.children[0] })
      .expect(200);
    expect(renamed.body).toMatchObject({ firstName: 'Maria', beneficiaryId: h.children[0] });
  });
});
