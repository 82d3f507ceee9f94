import { categoryLabel, type ExpenseCategory } from '../enums/categories';
import type { Term } from '../enums/terms';
import { API_MESSAGES } from '../common/messages';
import { indefiniteArticle } from '../rules/text';
import { defineErrors } from './catalogue';

/** Every error svc-finance answers with, beyond the common ones. */
export const FINANCE_ERRORS = defineErrors('finance', {
  /**
   * An expense the net balance cannot cover, or an income change that would leave it negative. The words are
   * the balance rules' (rules/expense-balance.ts), which the forms show too, under 'Insufficient Balance'.
   */
  insufficientBalance: { status: 400, field: 'amount', message: (p: { refusal: string }) => p.refusal },
  /** An expense naming a child svc-beneficiaries does not know, or one whose deletion finance has taken in. */
  beneficiaryNotFound: { status: 400, field: 'beneficiaryId', message: API_MESSAGES.beneficiaryNotFound },
  /** An expense naming a child whose registration consent is withdrawn: nothing new may be linked to it (only export and erasure). */
  beneficiaryRegistrationWithdrawn: {
    status: 409,
    message: 'Registration consent has been withdrawn for this child: an expense can no longer name it',
  },
  /** svc-beneficiaries could not say whether a child exists: an outage, never a guess. */
  beneficiariesUnavailable: { status: 502, message: 'The beneficiaries service is unavailable' },
  /** A second budget for the same category, term and year. */
  budgetExists: {
    status: 409,
    message: (p: { category: ExpenseCategory; quarter: Term; year: number }) => {
      const category = categoryLabel(p.category);
      return `${indefiniteArticle(category, { capital: true })} ${category} budget for ${p.quarter} ${p.year} already exists`;
    },
  },
});
