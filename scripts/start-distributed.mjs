// `npm run start:distributed`: every service, the gateway and the static remotes as separate processes.
// Settings come from the environment (see the README's configuration table).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startDistributed } from '../launcher/src/distributed.mjs';
import { run, repoRoot } from './lib/run.mjs';

const outputs = ['gateway/dist/main.js', 'static-server/dist/main.js', 'shell/dist/index.html'];
if (outputs.some((file) => !existsSync(join(repoRoot, file)))) {
  await run('node', ['scripts/build.mjs'], { cwd: repoRoot });
}
const app = await startDistributed();
console.log(`Ready: open ${app.url}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await app.stopAll();
    process.exit(0);
  });
}
