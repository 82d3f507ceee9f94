// `npm start`: builds what is missing, then runs the whole product in this one Node process
// with the embedded defaults (embedded PostgreSQL, local-disk files, in-process events).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run, repoRoot } from './lib/run.mjs';

const serverOutputs = [
  'launcher/dist/embedded/embedded-main.js',
  'svc-identity/dist/index.js',
  'svc-beneficiaries/dist/index.js',
  'svc-finance/dist/index.js',
];
const webOutputs = [
  'shell/dist/index.html',
  'mf-beneficiaries/dist/remoteEntry.js',
  'mf-finance/dist/remoteEntry.js',
  'mf-admin/dist/remoteEntry.js',
];
const missing = (files) => files.some((f) => !existsSync(join(repoRoot, f)));

if (missing(serverOutputs)) {
  console.log('Building the services (first start)…');
  await run('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot });
}
if (missing(webOutputs)) {
  console.log('Building the web apps (first start)…');
  await run('node', ['scripts/build-web.mjs'], { cwd: repoRoot });
}
process.chdir(repoRoot);
await import(join(repoRoot, 'launcher/dist/embedded/embedded-main.js'));
