// Fills the benchmark's instance with the demo data set (`scripts/seed-demo.mjs`), when the domains have
// seed parts; a missing or failing seed is reported, never fatal: the pages are measured either way.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../lib/run.mjs';

/** @returns {Promise<{ seeded: boolean, summary: string }>} */
export async function seedDemo({ url, admin, children, timeoutMs = 240_000 }) {
  const parts = (await readdir(join(repoRoot, 'scripts/seed')).catch(() => [])).filter((f) => f.endsWith('.seed.mjs'));
  if (parts.length === 0) return { seeded: false, summary: 'no demo data: scripts/seed/ has no seed parts yet' };

  const started = Date.now();
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'scripts/seed-demo.mjs'), '--url', url, '--children', String(children)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
    },
  );
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let timer;
  const code = await new Promise((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('timeout');
    }, timeoutMs);
    child.once('exit', (c, signal) => resolve(c ?? signal));
    child.once('error', (err) => resolve(String(err)));
  });
  clearTimeout(timer);
  process.off('exit', orphanGuard);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (code === 0) {
    return { seeded: true, summary: `demo data: ${children} children seeded by ${parts.join(', ')} in ${seconds} s` };
  }
  const why = code === 'timeout' ? `stopped after ${timeoutMs / 1000} s` : `exit ${code}`;
  const lines = output.trim().split('\n');
  const lastLine = lines.filter((l) => /error/i.test(l)).slice(-1)[0] ?? lines.slice(-1)[0] ?? '';
  return {
    seeded: false,
    summary: `demo data seeding failed after ${seconds} s (${why}; ${parts.join(', ')}): ${lastLine.trim()} — measured with whatever was written`,
  };
}
