import { chmod, lstat, mkdir } from 'node:fs/promises';
import { canReach, PostgresSetupError, type PostgresAccount } from './postgres-account';

/**
 * The folder (POSTGRES_RUNTIME_DIR, this process being root) where what the `postgres` user cannot reach in
 * place is kept for it: the copy of the binaries, and the cluster when it cannot enter DATA_DIR. Created
 * 0755 when missing; used only when it is a real folder owned by root that no other user may write to (what
 * is in it runs as `postgres`), and only when `postgres` can enter it.
 */
export async function ensureRuntimeDir(path: string, account: PostgresAccount): Promise<string> {
  let stat = await lstat(path).catch(() => undefined);
  if (!stat) {
    await mkdir(path, { recursive: true, mode: 0o755 });
    await chmod(path, 0o755);
    stat = await lstat(path);
  }
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new PostgresSetupError(
      `POSTGRES_RUNTIME_DIR ${path} must be a folder owned by root that no other user can write to.`,
    );
  }
  if (!(await canReach(account, path))) {
    throw new PostgresSetupError(
      `The user "postgres" cannot enter POSTGRES_RUNTIME_DIR ${path}: choose a folder every user can enter.`,
    );
  }
  return path;
}
