export * from './idempotency-key';
export * from './request-fingerprint';
export { IdempotencyStore, KeyLeaseLostError, type ClaimOutcome, type KeyClaim } from './idempotency-store';
export { CreateIdempotencyTable1797000000000 } from './create-idempotency-table.migration';

import { CreateIdempotencyTable1797000000000 } from './create-idempotency-table.migration';
/** Add to a service's DataSource `migrations`. */
export const IDEMPOTENCY_MIGRATIONS = [CreateIdempotencyTable1797000000000];
