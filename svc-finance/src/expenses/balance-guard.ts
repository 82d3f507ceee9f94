import { FINANCE_ERRORS, addMoney, checkExpenseBalance, toCents, type Money } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';

/**
 * The server's balance rule for expenses: the message when the net balance cannot cover the expense, or null.
 * A new expense must fit in the balance. An edited expense is checked only when its amount grows, against the
 * balance plus what it already took ("Cannot update expense: ...").
 */
export function balanceRefusal(amount: Money, netBalance: Money, previousAmount?: Money): string | null {
  if (previousAmount === undefined) return checkExpenseBalance(amount, netBalance)?.message ?? null;
  if (toCents(amount) <= toCents(previousAmount)) return null;
  const refusal = checkExpenseBalance(amount, addMoney(netBalance, previousAmount));
  return refusal ? refusal.message.replace('Cannot create expense', 'Cannot update expense') : null;
}

/** A balance refusal (expense or income) as a 400 on `amount`; the form shows it under 'Insufficient Balance'. */
export function refuseOnBalance(refusal: string | null | undefined): void {
  if (refusal) throw AppError.of(FINANCE_ERRORS.insufficientBalance, { refusal });
}
