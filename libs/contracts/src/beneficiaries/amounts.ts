import { compareMoney, type Money } from '../common/money';

/** The largest amount a fee or a gift is stored with (numeric(12,2)). */
export const MAX_RECORD_AMOUNT: Money = '9999999999.99';
export const AMOUNT_TOO_LARGE_MESSAGE = 'Amount must be at most 9,999,999,999.99';

export function isWithinRecordAmount(amount: Money): boolean {
  return compareMoney(amount, MAX_RECORD_AMOUNT) <= 0;
}
