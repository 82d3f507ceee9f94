import { request as httpRequest } from 'node:http';
import { Client } from 'pg';
import request from 'supertest';
import { FILES, startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '1000000', source: 'CDF bursary', date: '2026-01-10' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
let n = 0;
const newKey = () => `key-${Date.now()}-${++n}`;
const countExpenses = async (description: string) =>
  Number((await h.sql<{ n: string }>('SELECT count(*) AS n FROM expenses WHERE description = $1', [description]))[0].n);

/** An expense as the screen sends it: multipart fields and a receipt. */
function postExpense(
  key: string | undefined,
  description: string,
  opts: { amount?: string; role?: 'admin' | 'superadmin'; userId?: string } = {},
) {
  const req = api()
    .post('/api/expenses')
    .set(h.as(opts.role ?? 'admin', opts.userId ? { userId: opts.userId } : {}));
  if (key !== undefined) req.set('Idempotency-Key', key);
  for (const [name, value] of Object.entries({
    amount: opts.amount ?? '1200',
    category: 'health',
    description,
    date: '2026-09-15',
    beneficiaryId: 'none',
  }))
    req.field(name, value);
  return req.attach('receipt', FILES.pdf, 'clinic.pdf');
}

describe('Idempotency-Key on writes', () => {
  it('does a create once: the repeat gets the same answer, marked as a replay, and no second record', async () => {
    const key = newKey();
    const first = await postExpense(key, 'Clinic visit, Mumias').expect(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await postExpense(key, 'Clinic visit, Mumias').expect(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countExpenses('Clinic visit, Mumias')).toBe(1);
  });

  it('keeps the work when the answer is lost on the way (the client hung up) and replays it to the retry', async () => {
    const key = newKey();
    const body = JSON.stringify({
      amount: '300',
      category: 'admin',
      description: 'Stationery, lost answer',
      date: '2026-09-16',
    });
    // The request is sent whole, then the connection is dropped before any answer is read.
    await new Promise<void>((resolve) => {
      const url = new URL('/api/expenses', h.url);
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          ...h.as('admin'),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      });
      req.on('error', () => resolve());
      req.end(body, () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 5),
      );
    });
    // Retried as the browser does: a 409 with Retry-After means the first is still running.
    let retry = await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .set('Idempotency-Key', key)
      .set('content-type', 'application/json')
      .send(body);
    for (let i = 0; retry.status === 409 && i < 20; i++) {
      expect(retry.headers['retry-after']).toBe('1');
      await new Promise((r) => setTimeout(r, 100));
      retry = await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .set('Idempotency-Key', key)
        .set('content-type', 'application/json')
        .send(body);
    }
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(await countExpenses('Stationery, lost answer')).toBe(1);
  });

  it('refuses the same key with other content (422) and keeps the first record as it was', async () => {
    const key = newKey();
    await postExpense(key, 'Uniforms').expect(201);
    const other = await postExpense(key, 'Uniforms', { amount: '1300' }).expect(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
    expect(
      (await h.sql<{ amount: string }>(`SELECT amount::text FROM expenses WHERE description = 'Uniforms'`)).map(
        (r) => r.amount,
      ),
    ).toEqual(['1200.00']);
  });

  it('answers 409 with Retry-After to a repeat while the first is still running, then the first completes once', async () => {
    const key = newKey();
    // Hold the totals row: the first request waits at its insert until the lock goes.
    const blocker = new Client({ connectionString: h.db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM finance_totals FOR UPDATE');
    try {
      const first = postExpense(key, 'Held expense').then((r) => r);
      await waitForKey(key);
      const repeat = await postExpense(key, 'Held expense').expect(409);
      expect(repeat.headers['retry-after']).toBe('1');
      expect(repeat.body.message).toBe('A request with this Idempotency-Key is still being processed');
      await blocker.query('ROLLBACK');
      expect((await first).status).toBe(201);
    } finally {
      await blocker.end();
    }
    const replay = await postExpense(key, 'Held expense').expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await countExpenses('Held expense')).toBe(1);
  });

  it('keeps keys apart per user and per route', async () => {
    const key = newKey();
    await postExpense(key, 'Per user').expect(201);
    const otherUser = await postExpense(key, 'Per user', { role: 'superadmin' }).expect(201);
    expect(otherUser.headers['idempotency-replayed']).toBeUndefined();
    await api()
      .post('/api/income')
      .set(h.as('admin'))
      .set('Idempotency-Key', key)
      .send({ amount: '10', source: 'Per route', date: '2026-09-01' })
      .expect(201);
    expect(await countExpenses('Per user')).toBe(2);
  });

  it('frees the key of a request that failed, so a corrected retry runs', async () => {
    const key = newKey();
    const bad = await api()
      .post('/api/income')
      .set(h.as('admin'))
      .set('Idempotency-Key', key)
      .send({ amount: '', source: 'Fixed later', date: '2026-09-01' })
      .expect(400);
    expect(bad.body.message).toBe('Amount is required');
    await api()
      .post('/api/income')
      .set(h.as('admin'))
      .set('Idempotency-Key', key)
      .send({ amount: '75', source: 'Fixed later', date: '2026-09-01' })
      .expect(201);
  });

  it('replays a delete instead of answering 404 the second time', async () => {
    const created = await postExpense(undefined, 'To delete twice').expect(201);
    const key = newKey();
    await api()
      .delete(`/api/expenses/${created.body.id}`)
      .set(h.as('superadmin'))
      .set('Idempotency-Key', key)
      .expect(204);
    const again = await api()
      .delete(`/api/expenses/${created.body.id}`)
      .set(h.as('superadmin'))
      .set('Idempotency-Key', key)
      .expect(204);
    expect(again.headers['idempotency-replayed']).toBe('true');
  });

  it('holds its key while it runs, and a request whose database session dies mid-way runs again, once', async () => {
    const key = newKey();
    // Hold the totals row, start the request, and end its database session as a crash would.
    const blocker = new Client({ connectionString: h.db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM finance_totals FOR UPDATE');
    const first = postExpense(key, 'After a crash').then((r) => r.status);
    await waitForKey(key);
    // The request holds its key (an advisory lock) inside its transaction; a repeat now is refused…
    await postExpense(key, 'After a crash').expect(409);
    // …until that transaction is gone: the database ends the session (the service retries the unit once on a fresh
    // connection, but the test keeps the row locked, so the retry waits, and the 409 above proves the key was held).
    await h.sql(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await blocker.query('ROLLBACK');
    await blocker.end();
    expect(await first).toBe(201);
    const replay = await postExpense(key, 'After a crash').expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await countExpenses('After a crash')).toBe(1);
  });

  it('replays an answer holding quotes, backslashes and other scripts exactly', async () => {
    const key = newKey();
    const description = `Mama O'Neil's "receipt" \\ C:\\fees\\ Wanjirũ ٢٠٢٦ \u2603`;
    const first = await postExpense(key, description).expect(201);
    const again = await postExpense(key, description).expect(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body.description).toBe(description);
  });

  it('refuses a key that is not 1 to 255 printable ASCII characters', async () => {
    for (const key of ['x'.repeat(256), 'tab\there']) {
      const res = await api()
        .post('/api/income')
        .set(h.as('admin'))
        .set('Idempotency-Key', key)
        .send({ amount: '5', source: 'Bad key', date: '2026-09-01' })
        .expect(400);
      expect(res.body.message).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters');
    }
  });

  it('keeps working without a key: two posts are two records', async () => {
    await postExpense(undefined, 'No key').expect(201);
    await postExpense(undefined, 'No key').expect(201);
    expect(await countExpenses('No key')).toBe(2);
  });

  it('removes records older than a day and keeps newer ones', async () => {
    const key = newKey();
    await postExpense(key, 'Swept').expect(201);
    await h.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE body LIKE '%Swept%'`);
    const { IdempotencyStore } = await import('@kcf/server-kit');
    const swept = await h.service.app.get(IdempotencyStore).sweep(24);
    expect(swept).toBe(1);
    expect(await h.sql(`SELECT 1 FROM idempotency_keys WHERE body LIKE '%Swept%'`)).toEqual([]);
    expect((await h.sql(`SELECT count(*)::int AS n FROM idempotency_keys`))[0]).toMatchObject({
      n: expect.any(Number),
    });
  });
});

async function waitForKey(key: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const rows = await h.sql(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted`);
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the request with key ${key} never started`);
}
