import { type Money, formatMoney, toCents } from '../common/money';
import { API_MESSAGES } from '../common/messages';

export interface BalanceRefusal {
  title: typeof API_MESSAGES.insufficientBalanceTitle;
  message: string;
}

/**
 * Whether the net balance covers a new expense: null when it does, otherwise the
 * refusal the form shows and the server answers (400, message containing "balance").
 */
export function checkExpenseBalance(amount: Money, netBalance: Money): BalanceRefusal | null {
  const title = API_MESSAGES.insufficientBalanceTitle;
  if (toCents(netBalance) <= 0n) return { title, message: API_MESSAGES.noPositiveBalance };
  if (toCents(amount) > toCents(netBalance)) {
    return {
      title,
      message: `Cannot create expense: Amount (${formatMoney(amount, 'KSH')}) exceeds available balance (${formatMoney(netBalance, 'KSH')})`,
    };
  }
  return null;
}

/**
 * Whether removing or lowering an income keeps the net balance at zero or more: null when it does,
 * otherwise the refusal (400, message containing "balance", shown under 'Insufficient Balance').
 * `balanceAfter` is the net balance with the change applied.
 */
export function checkIncomeReduction(action: 'update' | 'delete', balanceAfter: Money): BalanceRefusal | null {
  if (toCents(balanceAfter) >= 0n) return null;
  return {
    title: API_MESSAGES.insufficientBalanceTitle,
    message: `Cannot ${action} income: it would leave a negative balance (${formatMoney(balanceAfter, 'KSH')})`,
  };
}
