// `npm test`: build, unit and integration tests (jest, real PostgreSQL/NATS/S3), the compose file check,
// then the browser tests (Playwright against the distributed and the one-process modes).
// Ends with one line `Summary: N passed, N failed` counting jest and Playwright tests.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { run, repoRoot } from './lib/run.mjs';

const results = join(repoRoot, 'test-results');
const jestJson = join(results, 'jest.json');
const playwrightJson = join(results, 'playwright.json');

const steps = [
  ['build', 'node', ['scripts/build.mjs']],
  ['jest (unit + integration)', 'npx', ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${jestJson}`]],
  ['compose file', 'node', ['scripts/check-compose.mjs']],
  ['end to end (Playwright)', 'npm', ['run', 'test:e2e']],
];

async function counts() {
  let passed = 0;
  let failed = 0;
  try {
    const j = JSON.parse(await readFile(jestJson, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
  } catch {
    /* jest did not run */
  }
  try {
    const p = JSON.parse(await readFile(playwrightJson, 'utf8'));
    passed += p.stats.expected;
    failed += p.stats.unexpected + p.stats.flaky;
  } catch {
    /* playwright did not run */
  }
  return { passed, failed };
}

const only = process.argv.slice(2);
const started = Date.now();
await mkdir(results, { recursive: true });
await rm(jestJson, { force: true });
await rm(playwrightJson, { force: true });
let failure;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    await run(cmd, args, { cwd: repoRoot, env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson } });
  } catch (e) {
    failure = `${name} failed: ${e.message}`;
    break;
  }
  console.log(`=== ${name}: ok in ${((Date.now() - t) / 1000).toFixed(1)} s ===`);
}
const { passed, failed } = await counts();
console.log(`\n${failure ?? 'All test steps passed'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(failure ? 1 : 0);
