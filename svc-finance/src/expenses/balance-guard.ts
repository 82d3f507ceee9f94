import { checkExpenseBalance, toCents, addMoney, type Money } from '@kcf/contracts';

/**
 * The server's balance rule (spec §5 Expense): the message when the net balance cannot cover the expense, or null.
 * A new expense must fit in the balance. An edited expense is checked only when its amount grows, against the
 * balance plus what it already took ("Cannot update expense: ...").
 */
export function balanceRefusal(amount: Money, netBalance: Money, previousAmount?: Money): string | null {
  if (previousAmount === undefined) return checkExpenseBalance(amount, netBalance)?.message ?? null;
  if (toCents(amount) <= toCents(previousAmount)) return null;
  const refusal = checkExpenseBalance(amount, addMoney(netBalance, previousAmount));
  return refusal ? refusal.message.replace('Cannot create expense', 'Cannot update expense') : null;
}
