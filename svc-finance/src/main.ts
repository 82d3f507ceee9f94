import { runMain } from '@kcf/server-kit';
import { parseFinanceConfig } from './config';
import { startFinanceService } from './start';

runMain('svc-finance', () => startFinanceService(parseFinanceConfig()));
