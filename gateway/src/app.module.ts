import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GatewayAccessGuard } from './access/gateway-access.guard';
import { DashboardController } from './dashboard/dashboard.controller';
import type { DashboardComposer } from './dashboard/dashboard-composer';
import { GatewayHealthController } from './health/gateway-health.controller';
import type { ReadinessProbe } from './health/readiness-probes';
import type { GatewayLifecycle } from './lifecycle/graceful-shutdown';
import type { SessionLookup } from './session/session-resolver';
import { DASHBOARD_COMPOSER, GATEWAY_LIFECYCLE, READINESS_PROBES, SESSION_LOOKUP } from './tokens';

export interface GatewayModuleDeps {
  sessions: SessionLookup;
  dashboard: DashboardComposer;
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
        { provide: DASHBOARD_COMPOSER, useValue: deps.dashboard },
        { provide: READINESS_PROBES, useValue: deps.probes },
        { provide: GATEWAY_LIFECYCLE, useValue: deps.lifecycle },
        { provide: APP_GUARD, useClass: GatewayAccessGuard },
      ],
    };
  }
}
