import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { freePort } from '@kcf/testing';
import { startFinance, waitFor, type FinanceHarness } from './finance-harness';

/**
 * svc-finance as its own process (the built `svc-finance/dist/main.js`), killed with SIGKILL in the middle of a
 * stream of expenses, then started again: the durable consumer and the outbox relay pick up where it stopped.
 */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

let h: FinanceHarness;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`Build first (npx tsc -b tsconfig.build.json): ${MAIN} is missing`);
  h = await startFinance();
  await h.stopService();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

async function startProcess(port: number): Promise<{ process: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...h.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `svc-finance on ${url} (${stderr})`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode}: ${stderr}`);
      return (await fetch(`${url}/health/ready`).catch(() => undefined))?.ok;
    },
    30_000,
  );
  return { process: proc, url };
}

const killHard = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });

const TERMS = [
  ['Term 1', '2026-03-'],
  ['Term 2', '2026-07-'],
  ['Term 3', '2026-10-'],
] as const;
const CATEGORIES = ['school_fees', 'health', 'other'] as const;

it('settles every used amount to the sum of its expenses after the service is killed mid-stream', async () => {
  const port = await freePort();
  const first = await startProcess(port);
  child = first.process;
  const api = () => request(first.url);
  await api()
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '100000000', source: 'Church partners', date: '2026-01-01' })
    .expect(201);
  for (const category of CATEGORIES) {
    for (const [quarter] of TERMS) {
      await api()
        .post('/api/budgets')
        .set(h.as('admin'))
        .send({ category, quarter, year: 2026, plannedAmount: 1000000 })
        .expect(201);
    }
  }

  // A steady stream first, then a burst in flight when the process dies.
  const body = (i: number) => ({
    amount: `${(i % 97) + 10}.${String(i % 100).padStart(2, '0')}`,
    category: CATEGORIES[i % CATEGORIES.length],
    date: `${TERMS[i % TERMS.length][1]}${String((i % 28) + 1).padStart(2, '0')}`,
    description: `expense ${i}`,
  });
  for (let i = 0; i < 40; i += 1) await api().post('/api/expenses').set(h.as('admin')).send(body(i)).expect(201);
  const burst = Array.from({ length: 60 }, (_, i) =>
    fetch(`${first.url}/api/expenses`, {
      method: 'POST',
      headers: { ...h.as('admin'), 'content-type': 'application/json' },
      body: JSON.stringify(body(40 + i)),
    }).catch(() => undefined),
  );
  const pending = async () => {
    const [{ expenses }] = await h.sql<{ expenses: string }>(`SELECT count(*) AS expenses FROM expenses`);
    const [{ handled }] = await h.sql<{ handled: string }>(
      `SELECT count(*) AS handled FROM processed_events WHERE consumer = 'finance-budget-usage'`,
    );
    return Number(expenses) - Number(handled);
  };
  await waitFor('expenses saved but not yet counted', async () => (await pending()) > 0, 10_000);
  await killHard(first.process);
  expect(await pending()).toBeGreaterThan(0);
  await Promise.all(burst);

  const second = await startProcess(port);
  child = second.process;
  const budgets = async () =>
    (await request(second.url).get('/api/budgets?year=2026').set(h.as('viewer')).expect(200)).body as {
      category: string;
      quarter: string;
      usedAmount: string;
    }[];
  const sums = async () =>
    new Map(
      (
        await h.sql<{ category: string; quarter: string; used: string }>(`
          SELECT category, CASE WHEN extract(month FROM date) <= 4 THEN 'Term 1' WHEN extract(month FROM date) <= 8 THEN 'Term 2' ELSE 'Term 3' END AS quarter,
                 sum(amount)::numeric(18,2)::text AS used
          FROM expenses WHERE date >= '2026-01-01' AND date <= '2026-12-31' GROUP BY 1, 2`)
      ).map((r) => [`${r.category} ${r.quarter}`, r.used]),
    );
  // The consumer's unacknowledged deliveries come back after JetStream's ack wait (30 s).
  await waitFor(
    'every used amount to equal the sum of its expenses',
    async () => {
      const expected = await sums();
      const actual = await budgets();
      return (
        actual.length === 9 &&
        actual.every((b) => b.usedAmount === (expected.get(`${b.category} ${b.quarter}`) ?? '0.00'))
      );
    },
    60_000,
  );
  expect(await h.sql(`SELECT id FROM outbox WHERE sent_at IS NULL`)).toEqual([]);
  const [{ n }] = await h.sql<{ n: string }>(`SELECT count(*) AS n FROM expenses`);
  expect(Number(n)).toBeGreaterThanOrEqual(40);
  await killHard(second.process);
  child = undefined;
}, 120_000);
