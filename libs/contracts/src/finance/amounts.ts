import { z } from 'zod';
import { type Money, isMoney, toCents } from '../common/money';

/**
 * The largest amount one income, expense or budget may carry: what PostgreSQL `numeric(14,2)` holds.
 * Larger sums (totals, balances) are kept in wider columns by the service.
 */
export const MAX_AMOUNT: Money = '999999999999.99';
const MAX_AMOUNT_CENTS = toCents(MAX_AMOUNT);

export const AMOUNT_TOO_LARGE = 'Amount must be at most 999,999,999,999.99';

export function isWithinMaxAmount(amount: Money): boolean {
  return toCents(amount) <= MAX_AMOUNT_CENTS;
}

/** Adds the upper bound to an amount field (the field's own messages stay first). */
export function withinMaxAmount<S extends z.ZodType<Money>>(field: S) {
  return field.refine((value) => !isMoney(value) || isWithinMaxAmount(value), { error: AMOUNT_TOO_LARGE });
}
