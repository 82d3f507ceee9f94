export * from './idempotency-key';
export * from './request-fingerprint';
export { IdempotencyStore, type ClaimOutcome } from './idempotency-store';
export { sqlLiteral } from './sql-literal';
export { CreateIdempotencyTable1797000000000 } from './create-idempotency-table.migration';

import { CreateIdempotencyTable1797000000000 } from './create-idempotency-table.migration';
/** Every service runs these (serviceModules adds them to its migrations). */
export const IDEMPOTENCY_MIGRATIONS = [CreateIdempotencyTable1797000000000];
