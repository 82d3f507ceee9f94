export * from './idempotency-key';
export * from './request-fingerprint';
export { IdempotencyStore, type ClaimOutcome } from './idempotency-store';
export { sqlLiteral } from './sql-literal';
export { CreateIdempotencyTable1797000000000 } from './create-idempotency-table.migration';

import { CreateIdempotencyTable1797000000000 } from './create-idempotency-table.migration';
/** Add to a service's DataSource `migrations`. */
export const IDEMPOTENCY_MIGRATIONS = [CreateIdempotencyTable1797000000000];
