/**
 * How long work is tried again after retriable database failures: waits that double from `firstDelayMs`,
 * for at most `budgetMs` in all. A fast PostgreSQL restart refuses connections for about half a second,
 * so one immediate retry would meet the same refusal; the budget outlasts a restart, not an outage.
 */
export interface RetrySchedule {
  firstDelayMs: number;
  maxDelayMs: number;
  budgetMs: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { firstDelayMs: 50, maxDelayMs: 1_000, budgetMs: 5_000 };

/** The wait before retry number `retry` (0-based), or null when the budget would be spent. */
export function retryDelay(schedule: RetrySchedule, retry: number, elapsedMs: number): number | null {
  const delay = Math.min(schedule.firstDelayMs * 2 ** retry, schedule.maxDelayMs);
  return elapsedMs + delay > schedule.budgetMs ? null : delay;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
