import { startService, type RunningService } from '@kcf/server-kit';
import { FinanceModule, type FinanceDeps } from './app.module';
import type { FinanceConfig } from './config';

export interface StartOptions extends FinanceDeps {
  shutdownHooks?: boolean;
}

/** Starts svc-finance on its own port; used by main.ts, the one-process mode and the tests. */
export function startFinanceService(config: FinanceConfig, options: StartOptions = {}): Promise<RunningService> {
  return startService({
    name: 'svc-finance',
    module: FinanceModule.forRoot(config, options),
    config,
    shutdownHooks: options.shutdownHooks,
  });
}
