import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock, type InProcessEventBus, type SessionRevocations } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';

/** What the service is handed when it starts (main.ts gives none of it; the one-process mode and the tests do). */
export interface IdentityDeps {
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
  /** The one-process mode's session notices, shared with the gateway (closed by the launcher). */
  sessionRevocations?: SessionRevocations;
}

/** The session notices channel the service was handed (null: it opens its own; see `sessionNoticeChannel`). */
export const GIVEN_SESSION_REVOCATIONS = Symbol('GivenSessionRevocations');

/**
 * The config, the clock and the channel the service was handed, for every feature module: global, because each
 * feature reads them and server-kit's messaging module builds the event consumers itself.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: IdentityConfig, deps: IdentityDeps): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
        { provide: GIVEN_SESSION_REVOCATIONS, useValue: deps.sessionRevocations ?? null },
      ],
      exports: [IDENTITY_CONFIG, CLOCK, GIVEN_SESSION_REVOCATIONS],
    };
  }
}
