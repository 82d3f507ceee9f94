import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock, type InProcessEventBus } from '@kcf/server-kit';
import { FINANCE_CONFIG, type FinanceConfig } from './config';

/** What the service is handed when it starts (main.ts gives none of it; the one-process mode and the tests do). */
export interface FinanceDeps {
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
}

/**
 * The config and the clock, for every feature module: global, because each feature reads them and server-kit's
 * messaging module builds the event consumers itself.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: FinanceConfig, deps: FinanceDeps): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: FINANCE_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
      ],
      exports: [FINANCE_CONFIG, CLOCK],
    };
  }
}
