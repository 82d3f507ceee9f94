// `npm run seed:demo -- [--url http://localhost:8080] [--children 200] [--expenses 500]`
// Fills a running instance with a realistic Kakamega County data set through the public API (so every rule
// and event applies). Signs in with ADMIN_USERNAME / ADMIN_PASSWORD (or --username/--password).
// Each domain's part is scripts/seed/<order>-<domain>.seed.mjs: `export async function seed(ctx)`; what one part
// returns is passed on to the next in ctx.previous.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './lib/run.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SEED_URL ?? 'http://localhost:8080' },
    username: { type: 'string', default: process.env.ADMIN_USERNAME ?? 'admin' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
    children: { type: 'string', default: '200' },
    expenses: { type: 'string', default: '500' },
    seed: { type: 'string', default: '42' },
  },
});
if (!values.password) {
  console.error('Give the superadmin password with --password or ADMIN_PASSWORD.');
  process.exit(2);
}

export async function signIn(url, username, password) {
  const res = await fetch(`${url}/api/login/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

const cookie = await signIn(values.url, values.username, values.password);
const ctx = {
  baseUrl: values.url,
  cookie,
  size: { children: Number(values.children), expenses: Number(values.expenses) },
  seed: Number(values.seed),
  log: (line) => console.log(line),
  previous: {},
};
const started = Date.now();
for (const file of (await readdir(join(repoRoot, 'scripts/seed'))).filter((f) => f.endsWith('.seed.mjs')).sort()) {
  const mod = await import(join(repoRoot, 'scripts/seed', file));
  ctx.previous[file] = await mod.seed(ctx);
}
console.log(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
