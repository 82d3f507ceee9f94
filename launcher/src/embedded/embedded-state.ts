import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the one-process mode keeps beside its data so a restart finds the same database and secret. */
export interface EmbeddedState {
  postgresPort: number;
  postgresPassword: string;
  internalSecret: string;
}

const FILE = 'embedded.json';

export async function loadOrCreateState(dataDir: string, pickPort: () => Promise<number>): Promise<EmbeddedState> {
  await mkdir(dataDir, { recursive: true, mode: 0o711 });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its folder inside.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o711);
  const path = join(dataDir, FILE);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as EmbeddedState;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const state: EmbeddedState = {
    postgresPort: await pickPort(),
    postgresPassword: randomBytes(24).toString('base64url'),
    internalSecret: randomBytes(48).toString('base64url'),
  };
  await saveState(dataDir, state);
  return state;
}

export async function saveState(dataDir: string, state: EmbeddedState): Promise<void> {
  await writeFile(join(dataDir, FILE), JSON.stringify(state, null, 2), { mode: 0o600 });
}
