// Write figures for `npm run bench` (distributed mode, through the gateway): what an Idempotency-Key costs.
// The same write (a household member of one child, JSON) is sent one at a time on one kept-alive
// connection, alternating without a key and with a fresh key, so both halves see the same machine; then
// each way with several connections for throughput. A keyed write claims its key in a statement of its own
// and records its answer in the write's transaction (libs/server-kit/src/idempotency/).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { createBenchChild } from './lib.mjs';

const PAIRS = Number(process.env.BENCH_WRITE_PAIRS ?? 1500);
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 8);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v) => v.toFixed(2);

export async function run(ctx) {
  const { url, cannon, notes } = ctx;
  const headers = () => ({ cookie: ctx.cookie, 'content-type': 'application/json', origin: url });
  const child = await createBenchChild(ctx, 'Bench Writes');
  const path = `/api/beneficiaries/${child}/household-members`;
  const body = JSON.stringify({ name: 'Bench Sibling', relationship: 'sibling', age: 9 });

  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  const once = async (key) => {
    const h = key ? { ...headers(), 'idempotency-key': key } : headers();
    const t = process.hrtime.bigint();
    const res = await request(`${url}${path}`, { dispatcher, method: 'POST', headers: h, body });
    await res.body.dump();
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode}`);
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  for (let i = 0; i < 100; i++) await once(i % 2 ? randomUUID() : null);
  const plain = [];
  const keyed = [];
  for (let i = 0; i < PAIRS; i++) {
    if (i % 2) {
      plain.push(await once(null));
      keyed.push(await once(randomUUID()));
    } else {
      keyed.push(await once(randomUUID()));
      plain.push(await once(null));
    }
  }
  await dispatcher.close();
  plain.sort((a, b) => a - b);
  keyed.sort((a, b) => a - b);

  const rows = [];
  rows.push(
    await cannon(
      `POST ${'/api/beneficiaries/:id/household-members'} without a key (${WRITE_CONNECTIONS} connections)`,
      {
        url: `${url}${path}`,
        method: 'POST',
        headers: headers(),
        body,
        connections: WRITE_CONNECTIONS,
      },
    ),
  );
  rows.push(
    await cannon(
      `POST ${'/api/beneficiaries/:id/household-members'} with an Idempotency-Key (${WRITE_CONNECTIONS} connections)`,
      {
        url: `${url}${path}`,
        method: 'POST',
        headers: headers(),
        body,
        connections: WRITE_CONNECTIONS,
        requests: [
          { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) },
        ],
      },
    ),
  );
  const [without, withKey] = rows;
  notes.push(
    '',
    'Writes with an Idempotency-Key (same run, through the gateway)',
    `  one at a time, ${PAIRS} of each, alternating: without a key p50 ${ms(percentile(plain, 50))} ms, with a key p50 ${ms(percentile(keyed, 50))} ms` +
      ` -> ${(percentile(keyed, 50) / percentile(plain, 50)).toFixed(2)}x (target <= 1.15x) [p95 ${ms(percentile(plain, 95))} vs ${ms(percentile(keyed, 95))} ms]`,
    `  ${WRITE_CONNECTIONS} connections: p50 ${ms(without.p50)} vs ${ms(withKey.p50)} ms -> ${(withKey.p50 / without.p50).toFixed(2)}x;` +
      ` ${Math.round(without.rps)} vs ${Math.round(withKey.rps)} writes/s -> ${(withKey.rps / without.rps).toFixed(2)}x`,
  );
  return rows;
}
