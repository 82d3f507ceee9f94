// `node scripts/bench-compare.mjs <other checkout> [rounds]`: the same benchmark (`scripts/bench.mjs`, with
// the BENCH_* settings of this environment, e.g. BENCH_ONLY=beneficiaries,writes) in another checkout of
// the project (built, e.g. the commit before a change) and in this one, alternately, `rounds` times each
// (default 2), so both see the same machine. Prints each route's median p50 and req/s on both sides and
// the ratio this/other. Both checkouts need `npm ci` and `npm run build` done.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { repoRoot } from './lib/run.mjs';

const [otherArg, roundsArg] = process.argv.slice(2);
if (!otherArg) {
  console.error('usage: node scripts/bench-compare.mjs <other checkout> [rounds]');
  process.exit(2);
}
const sides = { other: resolve(otherArg), this: repoRoot };
const rounds = Number(roundsArg ?? 2);

/** Runs the benchmark in `dir`; returns its table rows ({route, p50, reqs}) and its printed notes. */
function bench(dir) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/bench.mjs'], {
      cwd: dir,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`bench in ${dir} exited with ${code}`));
      const rows = [];
      // console.table lines: │ 3 │ 'route' │ p50 │ p95 │ p99 │ req/s │
      for (const m of out.matchAll(
        /│\s*\d+\s*│\s*'([^']+)'\s*│\s*([\d.]+)\s*│\s*([\d.]+)\s*│\s*([\d.]+)\s*│\s*(\d+)\s*│/g,
      )) {
        rows.push({ route: m[1], p50: Number(m[2]), reqs: Number(m[5]) });
      }
      done({ rows, notes: out.split('\n').filter((l) => /->|x \(/.test(l)) });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { other: [], this: [] };
for (let round = 0; round < rounds; round++) {
  for (const side of ['other', 'this']) {
    console.error(`round ${round + 1}/${rounds}: ${side} (${sides[side]})`);
    results[side].push(await bench(sides[side]));
  }
}
const routes = [...new Set(results.this.flatMap((r) => r.rows.map((row) => row.route)))];
const table = [];
for (const route of routes) {
  const pick = (side, key) =>
    results[side].flatMap((r) => r.rows.filter((row) => row.route === route).map((row) => row[key]));
  if (pick('other', 'p50').length === 0) continue;
  const [p50Other, p50This, reqsOther, reqsThis] = [
    median(pick('other', 'p50')),
    median(pick('this', 'p50')),
    median(pick('other', 'reqs')),
    median(pick('this', 'reqs')),
  ];
  table.push({
    route,
    'p50 other': p50Other,
    'p50 this': p50This,
    'p50 this/other': Number((p50This / p50Other).toFixed(2)),
    'req/s other': reqsOther,
    'req/s this': reqsThis,
    'req/s this/other': Number((reqsThis / reqsOther).toFixed(2)),
  });
}
console.log(`\nMedian of ${rounds} alternating runs each: ${sides.other} (other) vs ${sides.this} (this)`);
console.table(table);
for (const side of ['other', 'this']) {
  console.log(`\nNotes, ${side}:`);
  for (const r of results[side]) for (const line of r.notes) console.log(`  ${line.trim()}`);
}
