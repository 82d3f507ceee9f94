import { z } from 'zod';
import { EXPENSE_CATEGORIES } from './category-labels';

export * from './category-labels';

export const ExpenseCategorySchema = z.enum(EXPENSE_CATEGORIES);
export const BudgetCategorySchema = ExpenseCategorySchema;
