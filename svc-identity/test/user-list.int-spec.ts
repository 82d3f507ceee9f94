import { Client } from 'pg';
import request from 'supertest';
import { ADMIN, asRoot, createUser, startIdentity, type IdentityHarness } from './identity-harness';

/**
 * GET /api/users with User Management's filters: a search over first and last name (also together), username
 * and email, a role and a status, each checked with the contract's schema (400 with its message), combined,
 * oldest account first.
 */
let h: IdentityHarness;
let root: Record<string, string>;

beforeAll(async () => {
  h = await startIdentity({}, { children: 1 });
  root = await asRoot(h);
  // A second apart, so that "oldest first" is the order they are made in.
  const create = (user: Parameters<typeof createUser>[2]) => {
    h.clock.advance(1000);
    return createUser(h, root, user);
  };
  await create({
    username: 'amina',
    firstName: 'Amina',
    lastName: 'Wekesa',
    role: 'admin',
    email: 'amina.w@kcf.example',
  });
  await create({ username: 'okoth', firstName: 'John', lastName: 'Okoth', role: 'viewer', email: 'jo@field.example' });
  await create({
    username: 'wafula',
    firstName: 'Mary',
    lastName: 'Wafula',
    role: 'beneficiary',
    beneficiaryId: h.children[0],
  });
  const gone = await create({
    username: 'chebet',
    firstName: 'Ruth',
    lastName: 'Chebet',
    role: 'viewer',
    email: 'ruth@kcf.example',
  });
  await request(h.url).patch(`/api/users/${gone.id}/status`).set(root).send({ isActive: false }).expect(200);
  await create({ username: 'per_cent', firstName: 'Odd', lastName: '100%', role: 'viewer' });
});
afterAll(async () => {
  await h?.stop();
});

const usernames = async (query: Record<string, string>) => {
  const res = await request(h.url).get('/api/users').query(query).set(root).expect(200);
  return (res.body as { username: string }[]).map((u) => u.username);
};

it('lists everyone, oldest first, without filters (and with blank or "all" ones)', async () => {
  const all = [ADMIN.username, 'amina', 'okoth', 'wafula', 'chebet', 'per_cent'];
  expect(await usernames({})).toEqual(all);
  expect(await usernames({ search: '  ', role: 'all', status: '' })).toEqual(all);
});

it.each([
  ['a first name, in any case', 'AMINA', ['amina']],
  ['a last name', 'okoth', ['okoth']],
  ['the full name', 'mary wafula', ['wafula']],
  ['a username', 'chebet', ['chebet']],
  ['an email', '@kcf.example', ['amina', 'chebet']],
  ['part of an email', 'jo@field', ['okoth']],
  ['wildcards taken literally', '%', ['per_cent']],
  ['an underscore taken literally', 'r_c', ['per_cent']],
  ['nothing', 'nobody-here', []],
])('searches %s', async (_what, search, expected) => {
  expect(await usernames({ search })).toEqual(expected);
});

it('filters by role and by status, and combines the filters', async () => {
  expect(await usernames({ role: 'beneficiary' })).toEqual(['wafula']);
  expect(await usernames({ role: 'superadmin' })).toEqual([ADMIN.username]);
  expect(await usernames({ status: 'inactive' })).toEqual(['chebet']);
  expect(await usernames({ status: 'active', role: 'viewer' })).toEqual(['okoth', 'per_cent']);
  expect(await usernames({ search: 'kcf.example', status: 'active' })).toEqual(['amina']);
  expect(await usernames({ search: 'amina', role: 'viewer' })).toEqual([]);
});

it('answers 400 with the messages to a filter it does not know', async () => {
  const res = await request(h.url)
    .get('/api/users')
    .query({ role: 'owner', status: 'gone', search: 'x'.repeat(101) })
    .set(root)
    .expect(400);
  expect(res.body.errors).toEqual(
    expect.arrayContaining([
      { path: 'role', message: 'Role must be one of: viewer, admin, superadmin, beneficiary' },
      { path: 'status', message: 'Status must be active or inactive' },
      { path: 'search', message: 'Search must be 100 characters or less' },
    ]),
  );
});

it('searches on the trigram index', async () => {
  const pg = new Client({ connectionString: h.db.url });
  await pg.connect();
  try {
    await pg.query('SET enable_seqscan = off');
    const { rows } = await pg.query(
      `EXPLAIN SELECT id FROM users WHERE (first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, '')) ILIKE '%wekesa%'`,
    );
    expect(JSON.stringify(rows)).toContain('users_search_trgm');
  } finally {
    await pg.end();
  }
});
