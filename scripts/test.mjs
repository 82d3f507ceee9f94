// `npm test`: build, unit and integration tests (jest, real PostgreSQL/NATS/S3), the compose file check,
// then the browser tests (Playwright against the distributed and the one-process modes).
import { run, repoRoot } from './lib/run.mjs';

const steps = [
  ['build', 'node', ['scripts/build.mjs']],
  ['jest (unit + integration)', 'npx', ['jest', '--ci', '--maxWorkers=2']],
  ['compose file', 'node', ['scripts/check-compose.mjs']],
  ['end to end (Playwright)', 'npm', ['run', 'test:e2e']],
];
const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  await run(cmd, args, { cwd: repoRoot });
  console.log(`=== ${name}: ok in ${((Date.now() - t) / 1000).toFixed(1)} s ===`);
}
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
