import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GatewayAccessGuard } from './access/gateway-access.guard';
import { DashboardController } from './dashboard/dashboard.controller';
import type { StatsSources } from './dashboard/stats-sources';
import { GatewayHealthController } from './health/gateway-health.controller';
import type { ReadinessProbe } from './health/readiness-probes';
import type { GatewayLifecycle } from './lifecycle/graceful-shutdown';
import type { SessionLookup } from './session/session-resolver';
import { GATEWAY_LIFECYCLE, READINESS_PROBES, SESSION_LOOKUP, STATS_SOURCES } from './tokens';

export interface GatewayModuleDeps {
  sessions: SessionLookup;
  stats: StatsSources;
  probes: ReadinessProbe[];
  lifecycle: GatewayLifecycle;
}

/** The routes the gateway answers itself; everything else is proxied or static, before Nest sees it. */
@Module({})
export class GatewayModule {
  static register(deps: GatewayModuleDeps): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [DashboardController, GatewayHealthController],
      providers: [
        { provide: SESSION_LOOKUP, useValue: deps.sessions },
        { provide: STATS_SOURCES, useValue: deps.stats },
        { provide: READINESS_PROBES, useValue: deps.probes },
        { provide: GATEWAY_LIFECYCLE, useValue: deps.lifecycle },
        { provide: APP_GUARD, useClass: GatewayAccessGuard },
      ],
    };
  }
}
