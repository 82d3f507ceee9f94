import { z } from 'zod';
import { IsoDate } from '../common/dates';
import { Id } from '../common/ids';
import { Money } from '../common/money';
import { ExpenseCategorySchema } from '../enums/categories';
import { defineEvent } from './define-event';

const expenseFacts = {
  expenseId: Id,
  category: ExpenseCategorySchema,
  date: IsoDate,
  amount: Money,
  createdBy: z.string().nullable(),
};

/** A new expense: the budget of its category in the term of its date is recomputed. */
export const ExpenseCreated = defineEvent('finance.expense.created', z.object(expenseFacts));

/** A changed expense: both the previous and the current category/term are recomputed. */
export const ExpenseUpdated = defineEvent(
  'finance.expense.updated',
  z.object({ ...expenseFacts, previousCategory: ExpenseCategorySchema, previousDate: IsoDate, previousAmount: Money }),
);

export const ExpenseDeleted = defineEvent('finance.expense.deleted', z.object(expenseFacts));

const incomeFacts = {
  incomeId: Id,
  amount: Money,
  date: IsoDate,
  source: z.string(),
  createdBy: z.string().nullable(),
};

export const IncomeCreated = defineEvent('finance.income.created', z.object(incomeFacts));
export const IncomeDeleted = defineEvent('finance.income.deleted', z.object(incomeFacts));
