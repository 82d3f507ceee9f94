import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A migration's file: its 13-digit timestamp, a dash, a name; compiled (.js) or run from source (.ts). */
const MIGRATION_FILE = /^(\d{13})-[\w.-]+\.(?:js|ts)$/;

type MigrationClass = new () => unknown;

/**
 * Every migration class in `dir`, oldest first: a new migration is one new file in the folder, never a line in a
 * list as well. Each file exports its migration class (a class whose name ends with the file's timestamp).
 */
export function migrationsIn(dir: string): MigrationClass[] {
  const files = readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file) && !file.endsWith('.d.ts'))
    .sort();
  return files.map((file) => {
    const stamp = MIGRATION_FILE.exec(file)![1];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder's files are found at run time
    const exported = require(join(dir, file)) as Record<string, unknown>;
    const found = Object.entries(exported).find(([name, value]) => typeof value === 'function' && name.endsWith(stamp));
    if (!found) throw new Error(`${file} exports no migration class whose name ends with ${stamp}`);
    return found[1] as MigrationClass;
  });
}
