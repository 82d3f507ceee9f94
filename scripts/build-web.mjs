// Builds the browser apps (the shell and the three remotes) for production, two at a time,
// then checks their size budget and prints it. Exits 1 when a build fails or a budget is broken.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './lib/run.mjs';

const APPS = ['shell', 'mf-beneficiaries', 'mf-finance', 'mf-admin'];
const require = createRequire(join(repoRoot, 'libs/build-kit/package.json'));
const webpackCli = require.resolve('webpack-cli/bin/cli.js');
const { checkBudgets, defaultDists, formatReport } = require('./src/budgets.js');

/** One node process; resolves with its output so logs do not interleave. */
function runNode(app, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ app, ok: false, output: String(error), seconds: 0 }));
    child.on('exit', (code) => resolve({ app, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const webpack = (app, config) => runNode(app, [webpackCli, '--mode', 'production', '-c', join(app, config)]);

/**
 * One app's production build. The shell then prints its landing page's markup at build time and
 * finishes its HTML pages (build-kit's shell-pages.js).
 */
async function build(app) {
  const result = await webpack(app, 'webpack.config.js');
  if (app !== 'shell' || !result.ok) return result;
  for (const step of [
    () => webpack(app, 'webpack.prerender.js'),
    () =>
      runNode(app, [
        require.resolve('./src/shell-pages.js'),
        join(repoRoot, 'shell/dist'),
        join(repoRoot, 'shell/dist-prerender/prerender.js'),
      ]),
  ]) {
    const next = await step();
    const merged = { app, ok: next.ok, output: result.output + next.output, seconds: result.seconds + next.seconds };
    if (!next.ok) return merged;
    Object.assign(result, merged);
  }
  return result;
}

async function buildAll(apps, parallel) {
  const queue = [...apps];
  const results = [];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const result = await build(app);
      console.log(`${result.ok ? 'built' : 'FAILED'} ${app} in ${result.seconds.toFixed(1)} s`);
      if (!result.ok) console.log(result.output);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

const started = Date.now();
const parallel = Math.max(1, Math.min(2, cpus().length));
const results = await buildAll(APPS, parallel);
console.log(`web build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (results.some((r) => !r.ok)) process.exit(1);

const report = checkBudgets(defaultDists(repoRoot));
console.log(`\n${formatReport(report)}`);
if (!report.ok) process.exit(1);
