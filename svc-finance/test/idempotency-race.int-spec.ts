import { Client } from 'pg';
import request from 'supertest';
import { FILES, startFinance, waitFor, type FinanceHarness } from './finance-harness';

/**
 * The claim of an Idempotency-Key takes the key's lock and reads its record. If the record were read in a
 * snapshot older than the lock, a request arriving as the first one commits would find the lock free and no
 * record: it would do the work again and fail on the record's key (500). Here the database makes every claim
 * slow at the lock (a wrapper of pg_try_advisory_xact_lock that sleeps first, found through the database's
 * search_path), and the first request commits while the second one sleeps there.
 */
const CLAIM_DELAY_S = 0.8;

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '1000000', source: 'CDF bursary', date: '2026-01-10' })
    .expect(201);
  await h.sql(`CREATE FUNCTION public.pg_try_advisory_xact_lock(key bigint) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_catalog.pg_sleep(${CLAIM_DELAY_S});
      RETURN pg_catalog.pg_try_advisory_xact_lock(key);
    END $$`);
  await h.sql(`ALTER DATABASE "${h.db.name}" SET search_path = public, pg_catalog`);
  // New connections (the service's pool after its restart) resolve the claim's lock to the wrapper.
  await h.restartService();
});
afterAll(async () => {
  await h?.stop();
});

function postExpense(key: string, description: string) {
  const req = request(h.url).post('/api/expenses').set(h.as('admin')).set('Idempotency-Key', key);
  for (const [name, value] of Object.entries({
    amount: '1200',
    category: 'health',
    description,
    date: '2026-09-15',
    beneficiaryId: 'none',
  }))
    req.field(name, value);
  return req.attach('receipt', FILES.pdf, 'clinic.pdf');
}

const sleepingClaims = async () =>
  (
    await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'`,
    )
  )[0].n;

describe('Idempotency-Key claimed while the first request commits', () => {
  it('answers the repeat with the stored answer (or 409), never 500, and writes once', async () => {
    const key = `race-${Date.now()}`;
    // The first request waits at its insert on the totals row the test holds.
    const blocker = new Client({ connectionString: h.db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM finance_totals FOR UPDATE');
    let first: Promise<request.Response>;
    let second: Promise<request.Response>;
    try {
      first = postExpense(key, 'Raced expense').then((r) => r);
      await waitFor(
        'the first request to hold its key and wait at its insert',
        async () =>
          (
            await h.sql(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'transactionid' AND query LIKE 'INSERT INTO expenses%'`,
            )
          ).length > 0,
      );
      // The repeat's claim begins, and sleeps at the key's lock…
      second = postExpense(key, 'Raced expense').then((r) => r);
      await waitFor('the repeat to reach the key', async () => (await sleepingClaims()) === 1).catch(
        async (error: Error) => {
          const activity = await h.sql(
            `SELECT state, wait_event, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database()`,
          );
          throw new Error(`${error.message}; sessions: ${JSON.stringify(activity)}`);
        },
      );
    } finally {
      // …while the first request goes on and commits.
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const one = await first;
    expect(one.status).toBe(201);
    const two = await second;
    expect([201, 409]).toContain(two.status);
    if (two.status === 201) {
      expect(two.headers['idempotency-replayed']).toBe('true');
      expect(two.body).toEqual(one.body);
    }
    const rows = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM expenses WHERE description = 'Raced expense'`,
    );
    expect(rows[0].n).toBe(1);
    const replay = await postExpense(key, 'Raced expense').expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
  });
});
