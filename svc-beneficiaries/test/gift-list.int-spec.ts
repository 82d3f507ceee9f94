import request from 'supertest';
import { buildGiftFilter, giftPageStatement, giftTotalsStatement } from '../src/gifts/gift-list-sql';
import { as, asBeneficiary, childForm, startBeneficiaries, type Harness } from './harness';

let h: Harness;
let neema: string;
let otieno: string;

interface ListedGift {
  id: string;
  beneficiaryId: string;
  giftType: string;
  amount: string;
  dateGiven: string;
}

function postGift(values: Record<string, string>) {
  const req = request(h.url).post('/api/gifts').set(as('admin'));
  for (const [key, value] of Object.entries(values)) req.field(key, value);
  return req.expect(201);
}

const gift = (beneficiaryId: string, giftType: string, amount: string, dateGiven: string) =>
  postGift({ beneficiaryId, giftType, amount, description: 'A gift', contents: 'Books', dateGiven });

const list = (query: Record<string, string | number>, role: 'viewer' | 'admin' = 'viewer') =>
  request(h.url).get('/api/gifts').query(query).set(as(role));

beforeAll(async () => {
  h = await startBeneficiaries();
  neema = (
    await request(h.url)
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: 'Neema Akinyi' }))
      .expect(201)
  ).body.id;
  otieno = (
    await request(h.url)
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: 'Otieno Barasa' }))
      .expect(201)
  ).body.id;
  await gift(neema, 'christmas', '2500', '2025-12-20');
  await gift(neema, 'special', '1000', '2025-06-01');
  await gift(otieno, 'christmas', '3000', '2025-12-20');
  await gift(otieno, 'special', '500.50', '2024-03-15');
  // Seven gifts on one day, recorded at the same moment: the order must still be total.
  for (let i = 0; i < 7; i++) await gift(otieno, 'christmas', '100', '2025-12-24');
});
afterAll(async () => {
  await h?.stop();
});

describe('GET /api/gifts filters, sort and paging', () => {
  it('refuses bad filters with a 400 and the message', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ giftType: 'birthday' }, 'giftType', 'Gift type must be one of: christmas, special'],
      [{ from: '2025-13-01' }, 'from', 'From date must be a valid date (YYYY-MM-DD)'],
      [{ to: 'yesterday' }, 'to', 'To date must be a valid date (YYYY-MM-DD)'],
      [{ from: '2025-12-01', to: '2025-11-01' }, 'to', 'To date must be on or after the From date'],
      [{ dir: 'up' }, 'dir', 'Direction must be asc or desc'],
      [{ sort: 'amount' }, 'sort', 'Sort must be one of: dateGiven'],
      [{ search: 'x'.repeat(101) }, 'search', 'Search must be 100 characters or less'],
      [{ limit: '0' }, 'limit', 'Limit must be between 1 and 500'],
    ];
    for (const [query, path, message] of cases) {
      const res = await list(query).expect(400);
      expect(res.body.errors).toEqual([{ path, message }]);
    }
    const totals = await request(h.url)
      .get('/api/gifts/totals')
      .query({ from: '2025-12-01', to: '2025-11-01' })
      .set(as('viewer'))
      .expect(400);
    expect(totals.body.errors).toEqual([{ path: 'to', message: 'To date must be on or after the From date' }]);
  });

  it('searches by child name or id, filters by type and dates', async () => {
    const byName = await list({ search: 'neema' }).expect(200);
    expect(byName.body.map((g: ListedGift) => g.beneficiaryId)).toEqual([neema, neema]);
    expect(byName.headers['x-total-count']).toBe('2');
    const byId = await list({ search: otieno.toLowerCase() }).expect(200);
    expect(byId.body.every((g: ListedGift) => g.beneficiaryId === otieno)).toBe(true);
    expect(byId.headers['x-total-count']).toBe('9');

    const special = await list({ giftType: 'special' }).expect(200);
    expect(special.body.map((g: ListedGift) => g.amount)).toEqual(['1000.00', '500.50']);

    const december = await list({ from: '2025-12-01', to: '2025-12-20' }).expect(200);
    expect(december.body.map((g: ListedGift) => [g.beneficiaryId, g.dateGiven]).sort()).toEqual(
      [
        [neema, '2025-12-20'],
        [otieno, '2025-12-20'],
      ].sort(),
    );
    const all = await list({ search: 'all', giftType: 'all', from: '', to: '' }).expect(200);
    expect(all.headers['x-total-count']).toBe('11');
  });

  it('adds up the filtered gifts: their count and amount in KSH', async () => {
    const all = await request(h.url).get('/api/gifts/totals').set(as('viewer')).expect(200);
    expect(all.body).toEqual({ count: 11, amount: '7700.50' });
    const some = await request(h.url)
      .get('/api/gifts/totals')
      .query({ giftType: 'christmas', from: '2025-12-21' })
      .set(as('viewer'))
      .expect(200);
    expect(some.body).toEqual({ count: 7, amount: '700.00' });
    const none = await request(h.url)
      .get('/api/gifts/totals')
      .query({ search: 'nobody' })
      .set(as('viewer'))
      .expect(200);
    expect(none.body).toEqual({ count: 0, amount: '0.00' });
  });

  it('sorts by date given both ways', async () => {
    const newest = (await list({ sort: 'dateGiven', dir: 'desc' }).expect(200)).body.map(
      (g: ListedGift) => g.dateGiven,
    );
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await list({ sort: 'dateGiven', dir: 'asc' }).expect(200)).body.map((g: ListedGift) => g.dateGiven);
    expect(oldest).toEqual([...oldest].sort());
    expect(oldest[0]).toBe('2024-03-15');
  });

  it('pages in a stable order: across equal dates no gift is skipped or repeated', async () => {
    // Every gift of the one day recorded at the same moment.
    await h.sql(`UPDATE gifts SET created_at = '2026-01-01T00:00:00Z' WHERE date_given = '2025-12-24'`);
    for (const dir of ['asc', 'desc']) {
      const whole = (await list({ dir, limit: 500 }).expect(200)).body.map((g: ListedGift) => g.id);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.length; offset += 2) {
        paged.push(...(await list({ dir, limit: 2, offset }).expect(200)).body.map((g: ListedGift) => g.id));
      }
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(11);
    }
  });

  it('shows a beneficiary user only its own child gifts, in the list and the totals', async () => {
    const mine = await request(h.url).get('/api/gifts').set(asBeneficiary(neema)).expect(200);
    expect(mine.body.map((g: ListedGift) => g.beneficiaryId)).toEqual([neema, neema]);
    const searchingOthers = await request(h.url)
      .get('/api/gifts')
      .query({ search: 'otieno' })
      .set(asBeneficiary(neema))
      .expect(200);
    expect(searchingOthers.body).toEqual([]);
    const totals = await request(h.url).get('/api/gifts/totals').set(asBeneficiary(neema)).expect(200);
    expect(totals.body).toEqual({ count: 2, amount: '3500.00' });
    await request(h.url).get('/api/gifts/totals').expect(401);
  });

  it('pages past the last gift: no gifts, and the number of all matches', async () => {
    const past = await list({ search: 'neema', offset: 50 }).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('2');
  });

  it('counts afresh after every change that moves the totals: a gift added, changed, deleted, a child renamed', async () => {
    const totalsOf = async (query: Record<string, string>) =>
      (await request(h.url).get('/api/gifts/totals').query(query).set(as('viewer')).expect(200)).body;
    const countOf = async (query: Record<string, string>) => (await list(query).expect(200)).headers['x-total-count'];
    const zawadi = (
      await request(h.url)
        .post('/api/beneficiaries')
        .set(as('admin'))
        .send(childForm({ fullName: 'Zawadi Chebet' }))
        .expect(201)
    ).body.id;
    // Read twice, so each answer could come from what was counted before.
    for (let i = 0; i < 2; i++) {
      expect(await totalsOf({ search: 'zawadi' })).toEqual({ count: 0, amount: '0.00' });
      expect(await countOf({ search: 'zawadi' })).toBe('0');
    }
    const added = (await gift(zawadi, 'special', '800', '2025-02-02')).body.id;
    expect(await countOf({ search: 'zawadi' })).toBe('1');
    expect(await totalsOf({ search: 'zawadi' })).toEqual({ count: 1, amount: '800.00' });

    await request(h.url)
      .put(`/api/gifts/${added}`)
      .set(as('admin'))
      .field('beneficiaryId', zawadi)
      .field('giftType', 'special')
      .field('amount', '950')
      .field('description', 'A gift')
      .field('contents', 'Books')
      .field('dateGiven', '2025-02-02')
      .expect(200);
    expect(await totalsOf({ search: 'zawadi' })).toEqual({ count: 1, amount: '950.00' });

    await request(h.url)
      .put(`/api/beneficiaries/${zawadi}`)
      .set(as('admin'))
      .send(childForm({ fullName: 'Imani Chebet' }))
      .expect(200);
    expect(await totalsOf({ search: 'zawadi' })).toEqual({ count: 0, amount: '0.00' });
    expect(await countOf({ search: 'imani' })).toBe('1');

    await request(h.url).delete(`/api/gifts/${added}`).set(as('superadmin')).expect(200);
    expect(await countOf({ search: 'imani' })).toBe('0');
    expect(await totalsOf({ search: 'imani' })).toEqual({ count: 0, amount: '0.00' });
  });

  it("filters, counts and pages from the gifts' own indexes: a search reads the gift's copy of its child's name, never the children", async () => {
    const plan = async (query: object, paged: boolean) => {
      const filter = buildGiftFilter(query, null);
      const statement = paged
        ? giftPageStatement(filter, 'desc', { limit: 24, offset: 48 }, true)
        : giftTotalsStatement(filter);
      const literal = (v: unknown) => (v === null ? 'NULL' : `'${String(v)}'`);
      const text = statement.sql.replace(/\$(\d)/g, (_m, d: string) => literal(statement.params[Number(d) - 1]));
      return JSON.stringify(await h.sql(`EXPLAIN (FORMAT JSON) ${text}`));
    };
    await h.sql('SET enable_seqscan = off');
    try {
      const giftIndex = /gifts_by_date|gifts_by_type_date|gifts_child_search_trgm/;
      for (const query of [
        { giftType: 'christmas', from: '2025-01-01' },
        { search: 'nee' },
        { search: 'e', giftType: 'special' },
      ]) {
        const totals = await plan(query, false);
        expect(totals).toMatch(giftIndex);
        expect(totals).not.toMatch(/beneficiaries/);
        // The page joins the children only for its own gifts' names and photos.
        expect(await plan(query, true)).toMatch(giftIndex);
      }
    } finally {
      await h.sql('SET enable_seqscan = on');
    }
  });
});
