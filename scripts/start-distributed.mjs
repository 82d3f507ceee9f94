// `npm run start:distributed`: every service, the gateway and the static remotes as separate processes.
// Settings come from the environment (see the README's configuration table).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startDistributed } from './lib/distributed.mjs';
import { run, repoRoot } from './lib/run.mjs';

if (!existsSync(join(repoRoot, 'gateway/dist/main.js')) || !existsSync(join(repoRoot, 'shell/dist/index.html'))) {
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
