import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock, type InProcessEventBus } from '@kcf/server-kit';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from './config';

/** What the service is handed when it starts (main.ts gives none of it; the one-process mode and the tests do). */
export interface BeneficiariesDeps {
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
  static forRoot(config: BeneficiariesConfig, deps: BeneficiariesDeps): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: BENEFICIARIES_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
      ],
      exports: [BENEFICIARIES_CONFIG, CLOCK],
    };
  }
}
