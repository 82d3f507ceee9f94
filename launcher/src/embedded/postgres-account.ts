import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The user PostgreSQL runs as when this process is root (PostgreSQL refuses to run as root). */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

/** A start of the embedded PostgreSQL that cannot go on, with what to do about it: shown as one line. */
export class PostgresSetupError extends Error {
  override readonly name = 'PostgresSetupError';
}

const NAME = 'postgres';

async function idOf(flag: '-u' | '-g'): Promise<number> {
  return Number((await run('id', [flag, NAME])).stdout.trim());
}

/**
 * Not root: none (PostgreSQL runs as this process's user). Root: the machine's `postgres` user, created as a
 * system user without a home or a login shell when it is missing.
 */
export async function postgresAccount(): Promise<PostgresAccount | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const found = async () => ({ uid: await idOf('-u'), gid: await idOf('-g') });
  try {
    return await found();
  } catch {
    /* no such user yet */
  }
  try {
    await run('groupadd', ['--system', NAME]).catch(() => undefined);
    await run('useradd', ['--system', '--gid', NAME, '--no-create-home', '--shell', '/usr/sbin/nologin', NAME]);
    return await found();
  } catch (error) {
    throw new PostgresSetupError(
      `Running as root, PostgreSQL must run as the user "${NAME}", which is missing and could not be created (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): create it, or start as another user.`,
    );
  }
}

/**
 * Whether `account` can reach `path`: enter it (a folder) or run it (a file), every folder above it included.
 * Asked of the system as that user, so modes, owners and ACLs all count.
 */
export function canReach(account: PostgresAccount, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const check = spawn('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], {
      uid: account.uid,
      gid: account.gid,
      cwd: '/',
      stdio: 'ignore',
      env: {},
    });
    check.on('error', () => resolve(false));
    check.on('exit', (code) => resolve(code === 0));
  });
}
