/** Query keys: the first segment is the path the default query function GETs. */
export const INCOME_PATH = '/api/income';
export const EXPENSES_PATH = '/api/expenses';
export const TRANSACTIONS_PATH = '/api/transactions';
export const BUDGETS_PATH = '/api/budgets';
export const MONTHLY_REPORT_PATH = '/api/reports/monthly';
export const STATS_PATH = '/api/dashboard/stats';
