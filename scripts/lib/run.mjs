import { spawn } from 'node:child_process';

/** Runs a command with inherited output; rejects with the exit code when it fails. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
