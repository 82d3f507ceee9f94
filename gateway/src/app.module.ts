import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GatewayAccessGuard } from './access/gateway-access.guard';
import type { AuditComposer } from './audit/audit-composer';
import { AUDIT_SOURCES, AuditLogController } from './audit/audit.controller';
import type { AuditSources } from './audit/audit-sources';
import { DashboardController } from './dashboard/dashboard.controller';
import type { DashboardComposer } from './dashboard/dashboard-composer';
import { GatewayHealthController } from './health/gateway-health.controller';
import type { ReadinessProbe } from './health/readiness-probes';
import type { GatewayLifecycle } from './lifecycle/graceful-shutdown';
import type { SessionLookup } from './session/session-resolver';
import { AUDIT_COMPOSER, DASHBOARD_COMPOSER, GATEWAY_LIFECYCLE, READINESS_PROBES, SESSION_LOOKUP } from './tokens';

export interface GatewayModuleDeps {
  sessions: SessionLookup;
  dashboard: DashboardComposer;
  audit: { composer: AuditComposer; sources: AuditSources };
  probes: ReadinessProbe[];
  lifecycle: GatewayLifecycle;
}

/** The routes the gateway answers itself; everything else is proxied or static, before Nest sees it. */
@Module({})
export class GatewayModule {
  static register(deps: GatewayModuleDeps): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [DashboardController, AuditLogController, GatewayHealthController],
      providers: [
        { provide: SESSION_LOOKUP, useValue: deps.sessions },
        { provide: DASHBOARD_COMPOSER, useValue: deps.dashboard },
        { provide: AUDIT_COMPOSER, useValue: deps.audit.composer },
        { provide: AUDIT_SOURCES, useValue: deps.audit.sources },
        { provide: READINESS_PROBES, useValue: deps.probes },
        { provide: GATEWAY_LIFECYCLE, useValue: deps.lifecycle },
        { provide: APP_GUARD, useClass: GatewayAccessGuard },
      ],
    };
  }
}
