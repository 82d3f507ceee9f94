export { financeConfigSchema, parseFinanceConfig, type FinanceConfig } from './config';
export { startFinanceService, type StartOptions } from './start';
export { FinanceModule, FINANCE_MIGRATIONS, type FinanceDeps } from './app.module';
