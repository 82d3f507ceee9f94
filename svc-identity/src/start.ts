import {
  startService,
  type Clock,
  type InProcessEventBus,
  type RunningService,
  type SessionRevocations,
} from '@kcf/server-kit';
import { IdentityModule } from './app.module';
import type { IdentityConfig } from './config';

export interface StartOptions {
  shutdownHooks?: boolean;
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
  /** The one-process mode's session notices, shared with the gateway. */
  sessionRevocations?: SessionRevocations;
}

/** Starts svc-identity on its own port; used by main.ts, the one-process mode and the tests. */
export function startIdentityService(config: IdentityConfig, options: StartOptions = {}): Promise<RunningService> {
  return startService({
    name: 'svc-identity',
    module: IdentityModule.forRoot(config, options),
    config,
    shutdownHooks: options.shutdownHooks,
  });
}
