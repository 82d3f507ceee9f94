import { Logger } from '@nestjs/common';
import { Pool } from 'pg';

/** The token of a service's pg Pool (databaseModule provides it; a service reaches it only through Database). */
export const SERVICE_POOL = Symbol('ServicePool');

/**
 * Every connection of a service: a prepared statement is planned for each execution's own parameters, never
 * with a generic plan made for other values (a page deep in a list, a rare search; unprepared queries always
 * are). No JIT: every statement here reads a page or a few rows, so compiling one never pays, and a cost
 * misjudged on stale statistics would add a compile of hundreds of milliseconds to a request.
 */
export const SERVICE_CONNECTION_SETTINGS = '-c plan_cache_mode=force_custom_plan -c jit=off';

export interface ServicePoolOptions {
  /** Most connections at once (default 10). */
  max?: number;
  /** Settings every connection starts with (`-c name=value ...`; default SERVICE_CONNECTION_SETTINGS). */
  settings?: string;
  /** Names the pool in the warning an idle connection's end logs. */
  name?: string;
}

/**
 * A pool of connections to a service's database. An idle connection the server ends (a restart, a stop) is
 * dropped by the pool and logged; unheard, its error would end the process.
 */
export function createServicePool(url: string, options: ServicePoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: options.settings ?? SERVICE_CONNECTION_SETTINGS,
  });
  const logger = new Logger(options.name ?? 'Database');
  pool.on('error', (error) => logger.warn(`An idle database connection ended: ${error.message}`));
  return pool;
}
