import { Injectable } from '@nestjs/common';
import type { BeneficiaryStats, OutboxBacklog } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';

/** Counts for other services: the dashboard's figures and the outbox's backlog. */
@Injectable()
export class StatsRepository {
  constructor(private readonly db: Database) {}

  /**
   * `specialNeeds` counts children with special needs (the specialNeeds text filled in, or at least one
   * special-need record), the same rule as the list's specialNeeds=yes filter and the export's
   * 'Has Special Needs' column.
   */
  async stats(): Promise<BeneficiaryStats> {
    const row = await this.db.read.one<BeneficiaryStats>(
      `SELECT count(*)::int AS "totalBeneficiaries",
              count(*) FILTER (WHERE is_active)::int AS "activeInSchool",
              count(*) FILTER (WHERE has_special_needs)::int AS "specialNeeds"
       FROM beneficiaries`,
    );
    return row ?? { totalBeneficiaries: 0, activeInSchool: 0, specialNeeds: 0 };
  }

  /** Events written to the outbox and not yet published. */
  async outboxBacklog(): Promise<OutboxBacklog> {
    const row = await this.db.read.one<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM outbox WHERE sent_at IS NULL`,
    );
    return { pending: row?.pending ?? 0 };
  }
}
