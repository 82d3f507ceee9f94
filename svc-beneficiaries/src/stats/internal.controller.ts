import { Controller, Param } from '@nestjs/common';
import {
  INTERNAL,
  type BeneficiaryExistsAnswer,
  type BeneficiaryStats,
  type ConsentOverview,
  type OutboxBacklog,
} from '@kcf/contracts';
import { Access, InternalRoute } from '@kcf/server-kit';
import { InternalService } from './internal.service';

/**
 * The calls other processes make to this service, each routed by its entry in INTERNAL (never through the
 * gateway, which answers /internal with 404).
 */
@Controller()
export class InternalController {
  constructor(private readonly internal: InternalService) {}

  /** svc-finance checks an expense's child; always 200. */
  @InternalRoute(INTERNAL.beneficiaryExists)
  @Access('internal')
  beneficiaryExists(@Param('id') id: string): Promise<BeneficiaryExistsAnswer> {
    return this.internal.beneficiaryExists(id);
  }

  /** Operations, and the benchmark, which waits for 0. */
  @InternalRoute(INTERNAL.beneficiariesOutbox)
  @Access('internal')
  outbox(): Promise<OutboxBacklog> {
    return this.internal.outboxBacklog();
  }

  /** The gateway composes these into /api/dashboard/stats. */
  @InternalRoute(INTERNAL.beneficiaryStats)
  @Access('internal')
  stats(): Promise<BeneficiaryStats> {
    return this.internal.beneficiaryStats();
  }

  /** The gateway composes this into the dashboard's consent card (the dashboard is for staff only). */
  @InternalRoute(INTERNAL.consentOverview)
  @Access('internal')
  consentOverview(): Promise<ConsentOverview> {
    return this.internal.consentOverviewToday();
  }
}
