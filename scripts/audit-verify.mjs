// `npm run audit:verify`: recomputes every domain's audit chain straight from its database and names the
// first entry that was altered, inserted or removed (exit 1), or prints how many entries hold (exit 0)
// with each chain's head — keep the heads somewhere else: a later head must extend them (removing the
// newest entries leaves a shorter chain that still holds).
//
// Databases: `--database <domain>=<postgres url>` for each of identity, beneficiaries and finance (a
// deployment's DATABASE_URLs), or, without any, the one-process mode's under DATA_DIR (default .data).
// INTERNAL_SECRET (or the one-process mode's) checks the signatures: the retention checkpoints', the erasures' and
// the signed heads' (without it, an erasure done by hand or the newest entries deleted are not found).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { repoRoot } from './lib/run.mjs';

const require = createRequire(import.meta.url);
const { checkpointKey, verifyAuditChain } = require(join(repoRoot, 'libs/server-kit/dist/index.js'));
const { Client } = require('pg');

const DOMAINS = ['identity', 'beneficiaries', 'finance'];

async function targets() {
  const given = new Map();
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--database') continue;
    const [domain, ...rest] = String(args[++i] ?? '').split('=');
    if (!DOMAINS.includes(domain) || rest.length === 0)
      throw new Error(`--database takes <domain>=<url>, with a domain of ${DOMAINS.join(', ')}`);
    given.set(domain, rest.join('='));
  }
  if (given.size > 0) return { urls: given, secret: process.env.INTERNAL_SECRET };
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const state = JSON.parse(await readFile(join(dataDir, 'embedded.json'), 'utf8'));
  const base = `postgres://postgres:${encodeURIComponent(state.postgresPassword)}@127.0.0.1:${state.postgresPort}`;
  return {
    urls: new Map(DOMAINS.map((d) => [d, `${base}/${d}`])),
    secret: process.env.INTERNAL_SECRET ?? state.internalSecret,
  };
}

const { urls, secret } = await targets();
if (!secret)
  console.warn(
    'INTERNAL_SECRET is not set: signatures (retention checkpoints, erasures, signed heads) are not checked',
  );
let broken = false;
for (const [domain, url] of urls) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const verdict = await verifyAuditChain(client, { key: secret ? checkpointKey(secret) : undefined });
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(verdict.checked / Math.max(seconds, 1e-6));
    if (verdict.ok) {
      console.log(
        `${domain}: ${verdict.checked} entries verified in ${seconds.toFixed(2)} s (${rate} entries/s); head ${verdict.head.seq} ${verdict.head.hash}`,
      );
    } else {
      broken = true;
      console.log(
        `${domain}: BROKEN at entry ${domain}-${verdict.firstBrokenSeq}: ${verdict.reason} (${verdict.checked} entries before it hold)`,
      );
    }
  } finally {
    await client.end();
  }
}
process.exit(broken ? 1 : 0);
