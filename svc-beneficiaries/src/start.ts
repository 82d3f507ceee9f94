import { startService, type Clock, type InProcessEventBus, type RunningService } from '@kcf/server-kit';
import { BeneficiariesModule } from './app.module';
import type { BeneficiariesConfig } from './config';

export interface StartOptions {
  shutdownHooks?: boolean;
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
}

/** Starts svc-beneficiaries on its own port; used by main.ts, the one-process mode and the tests. */
export function startBeneficiariesService(
  config: BeneficiariesConfig,
  options: StartOptions = {},
): Promise<RunningService> {
  return startService({
    name: 'svc-beneficiaries',
    module: BeneficiariesModule.forRoot(config, options),
    config,
    shutdownHooks: options.shutdownHooks,
    // An import carries up to 200 children with their records.
    jsonLimit: '2mb',
  });
}
