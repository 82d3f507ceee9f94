import { startService, type InProcessEventBus, type RunningService } from '@kcf/server-kit';
import { FinanceModule } from './app.module';
import type { FinanceConfig } from './config';

/** Starts svc-finance on its own port; used by main.ts, the one-process mode and the tests. */
export function startFinanceService(config: FinanceConfig, options: { shutdownHooks?: boolean; inProcessBus?: InProcessEventBus } = {}): Promise<RunningService> {
  return startService({
    name: 'svc-finance',
    module: FinanceModule.forRoot(config, options) as never,
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    shutdownHooks: options.shutdownHooks,
    port: config.PORT,
    host: config.HOST,
  });
}
