import { API_MESSAGES } from '@kcf/contracts';
import type { FailureOptions } from '@kcf/web-kit';

/** Income, expenses and budgets: the title is 'Insufficient Balance' when the text shown is about the balance. */
export function failureTitle(message: string): string {
  return /balance/i.test(message) ? API_MESSAGES.insufficientBalanceTitle : 'Error';
}

/**
 * How a failed save or delete of income, expenses and budgets is told: the server's message when
 * it sent one, else the screen's text, under `failureTitle`; a lost session is told in one line
 * ('Unauthorized: ...') and leads to sign-in.
 */
export const FINANCE_FAILURE: FailureOptions = { title: failureTitle, unauthorized: 'colon' };

interface SaveTexts {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/** The toasts of the income, expense and budget forms. */
export const SAVE_TEXTS = {
  income: {
    created: 'Income created successfully',
    updated: 'Income updated successfully',
    createFailed: 'Failed to create income',
    updateFailed: 'Failed to update income',
  },
  expense: {
    created: 'Expense created successfully',
    updated: 'Expense updated successfully',
    createFailed: 'Failed to create expense',
    updateFailed: 'Failed to update expense',
  },
  budget: {
    created: 'Budget created successfully',
    updated: 'Budget updated successfully',
    createFailed: 'Failed to create budget',
    updateFailed: 'Failed to update budget',
  },
} satisfies Record<string, SaveTexts>;

/**
 * What an income, expense or budget dialog's `useForm` does around its save: the toasts for a new or an
 * edited record and, after a success, the screens read again (not waited for) and the dialog closed.
 */
export function saveOutcome(texts: SaveTexts, editing: boolean, refresh: () => Promise<unknown>, close: () => void) {
  return {
    success: editing ? texts.updated : texts.created,
    failure: editing ? texts.updateFailed : texts.createFailed,
    failureToast: FINANCE_FAILURE,
    onSuccess: () => {
      void refresh();
      close();
    },
  };
}
