// Shared pieces of the benchmarks: autocannon with exact percentiles, the signed context, memory.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

export function signContext(secret, ctx) {
  const encoded = Buffer.from(JSON.stringify({ ...ctx, ts: Date.now() })).toString('base64url');
  return { 'x-kcf-user': encoded, 'x-kcf-signature': createHmac('sha256', secret).update(encoded).digest('base64url') };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * autocannon `requests` that ask for a new path on every request, `pathOf(0)`, `pathOf(1)`, ...: a list's
 * filter that was never counted before, when `pathOf` never repeats within the run.
 */
export function eachNewPath(pathOf) {
  let n = 0;
  return [{ setupRequest: (req) => ({ ...req, path: pathOf(n++) }) }];
}

/** The ISO date `days` days before `iso`. */
export function daysBefore(iso, days) {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Runs autocannon and computes p50/p95/p99 from every response time (autocannon itself has no p95). */
export function cannon(title, opts) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx) return reject(new Error(`${title}: ${r.non2xx} non-2xx answers`));
      times.sort((a, b) => a - b);
      resolve({
        title,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        rps: r.requests.average,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Creates one child through the gateway as the signed-in user; resolves to its id. */
export async function createBenchChild(ctx, fullName) {
  const created = await fetch(`${ctx.url}/api/beneficiaries`, {
    method: 'POST',
    headers: { cookie: ctx.cookie, 'content-type': 'application/json', origin: ctx.url },
    body: JSON.stringify({
      fullName,
      dateOfBirth: '2015-05-05',
      homeVillage: 'Shinyalu',
      subCounty: 'Lurambi',
      county: 'kakamega',
      guardianName: 'Bench Guardian',
      guardianPhone: '0712345678',
      schoolName: 'Shinyalu Primary',
      gradeLevel: 'grade_4',
    }),
  });
  if (!created.ok) throw new Error(`create child: ${created.status} ${await created.text()}`);
  return (await created.json()).id;
}
