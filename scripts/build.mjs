// Builds everything: the Node apps with tsc (project references) and the browser apps with webpack.
import { run, repoRoot } from './lib/run.mjs';

const started = Date.now();
await run('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot });
console.log(`server build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await run('node', ['scripts/build-web.mjs'], { cwd: repoRoot });
console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
