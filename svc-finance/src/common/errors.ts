import type { ErrorEntry } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';

/**
 * `AppError.of` for a common entry without parameters (COMMON_ERRORS.notFound, …): contracts' `defineErrors`
 * types such an entry's parameters as `unknown`, so `AppError.of(entry)` alone does not compile.
 */
export function commonError(entry: ErrorEntry<unknown>): AppError {
  return AppError.of(entry as ErrorEntry<void>);
}
