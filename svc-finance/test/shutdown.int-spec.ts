import { get } from 'node:http';
import { Client } from 'pg';
import { startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance({ env: { SHUTDOWN_DELAY_MS: '2000', SHUTDOWN_GRACE_MS: '10000' } });
});
afterAll(async () => {
  await h?.stop();
});

/** A readiness probe on a connection of its own, as a load balancer's check is (a kept-alive one may be closing). */
const probe = (url: string) =>
  new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    }).on('error', reject);
  });

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...h.as('admin'), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('graceful shutdown', () => {
  it('answers every request in flight, says not ready meanwhile, and publishes what they committed', async () => {
    const url = h.url;
    expect((await post(url, '/api/income', { amount: '100000', source: 'Appeal', date: '2026-09-01' })).status).toBe(
      201,
    );
    // Hold the totals row: the 50 expenses below wait inside their transactions until it is released.
    const blocker = new Client({ connectionString: h.db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM finance_totals FOR UPDATE');
    const inFlight = Array.from({ length: 50 }, (_, i) =>
      post(url, '/api/expenses', {
        amount: '10',
        category: 'other',
        description: `In flight ${i}`,
        date: '2026-09-02',
      }).then(async (r) => ({ status: r.status, connection: r.headers.get('connection') })),
    );
    // Every one of them has reached the database (9 pooled connections wait on the lock, the rest on the pool).
    const waiting = async () =>
      Number(
        (
          await h.sql<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0].n,
      );
    for (let i = 0; i < 100 && (await waiting()) < 9; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBeGreaterThanOrEqual(9);

    // The probe comes well inside the 2 s delay, even on a busy machine: once the delay is over, a connection
    // that has not sent its request yet counts as idle and is closed by the drain.
    const closing = h.stopService();
    await new Promise((r) => setTimeout(r, 100));
    const ready = await probe(`${url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.connection).toBe('close');

    await blocker.query('ROLLBACK');
    await blocker.end();
    const answers = await Promise.all(inFlight);
    await closing;
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const [{ n }] = await h.sql<{ n: string }>(
      `SELECT count(*) AS n FROM expenses WHERE description LIKE 'In flight %'`,
    );
    expect(Number(n)).toBe(50);
    // The relay flushed before the service let go of its database.
    expect(await h.sql(`SELECT id FROM outbox WHERE sent_at IS NULL`)).toEqual([]);
    // And it listens no more.
    await expect(fetch(`${url}/health/live`)).rejects.toThrow();
  });
});
