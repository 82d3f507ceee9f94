/**
 * Which database failures are worth running the work again for: the connection died or could not be made
 * (a PostgreSQL restart or failover), or PostgreSQL asked for a retry (serialization failure, deadlock).
 * Anything else (a constraint, a bad value, a rule of the service) would fail the same way again.
 */
const RETRIABLE_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57P01', // admin_shutdown: the server is stopping (fast restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const RETRIABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg says when a connection ended under it, or a pooled one could not be had in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

/** The error's SQLSTATE (or Node's code for a socket error), wherever the driver or TypeORM put it. */
export function databaseErrorCode(error: unknown): string | undefined {
  const e = error as { driverError?: { code?: unknown }; code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  const e = error as { driverError?: { message?: unknown }; message?: unknown } | null;
  const message = e?.driverError?.message ?? e?.message;
  return typeof message === 'string' ? message : '';
}

/** The database connection was lost or could not be made (SQLSTATE class 08, a refused socket, a pool timeout). */
export function isConnectionFailure(error: unknown): boolean {
  const code = databaseErrorCode(error);
  if (
    code &&
    (code.startsWith('08') ||
      RETRIABLE_NODE_CODES.has(code) ||
      code === '57P01' ||
      code === '57P02' ||
      code === '57P03')
  )
    return true;
  const message = messageOf(error);
  return CONNECTION_MESSAGES.some((m) => message.includes(m));
}

/** A failure that running the same work again, on a fresh connection, may not meet. */
export function isRetriableDatabaseFailure(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return (code !== undefined && RETRIABLE_SQLSTATES.has(code)) || isConnectionFailure(error);
}
