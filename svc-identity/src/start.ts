import { startService, systemClock, type Clock, type RunningService } from '@kcf/server-kit';
import { IdentityModule } from './app.module';
import type { IdentityConfig } from './config';

export interface StartOptions {
  shutdownHooks?: boolean;
  clock?: Clock;
}

/** Starts svc-identity on its own port; used by main.ts, the one-process mode and the tests. */
export function startIdentityService(config: IdentityConfig, options: StartOptions = {}): Promise<RunningService> {
  return startService({
    name: 'svc-identity',
    module: IdentityModule.forRoot(config, options.clock ?? systemClock) as never,
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    shutdownHooks: options.shutdownHooks,
    port: config.PORT,
    host: config.HOST,
  });
}
