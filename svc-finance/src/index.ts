export { financeConfigSchema, parseFinanceConfig, type FinanceConfig } from './config';
export { startFinanceService } from './start';
export { FinanceModule } from './app.module';
