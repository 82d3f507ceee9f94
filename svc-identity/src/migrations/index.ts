import { migrationsIn } from '@kcf/server-kit/database';

/**
 * The service's migrations: every `<13-digit timestamp>-<name>` file in this folder, oldest first (a new migration
 * is one new file). They run at start; server-kit adds its own tables' after them.
 */
export const IDENTITY_MIGRATIONS = migrationsIn(__dirname);
