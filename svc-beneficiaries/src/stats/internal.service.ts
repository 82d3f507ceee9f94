import { Injectable } from '@nestjs/common';
import { isBeneficiaryId, type BeneficiaryExistsAnswer, type BeneficiaryStats, type OutboxBacklog } from '@kcf/contracts';
import { BeneficiariesRepository } from '../beneficiaries/beneficiaries.repository';
import { toSummary } from '../beneficiaries/beneficiary-row';
import { StatsRepository } from './stats.repository';

/** What this service answers other processes (INTERNAL in contracts). */
@Injectable()
export class InternalService {
  constructor(
    private readonly children: BeneficiariesRepository,
    private readonly stats: StatsRepository,
  ) {}

  /** Whether a child exists, with its summary; an id of any other shape names no child. */
  async beneficiaryExists(id: string): Promise<BeneficiaryExistsAnswer> {
    if (!isBeneficiaryId(id)) return { exists: false, beneficiary: null };
    const row = await this.children.summary(id);
    return row ? { exists: true, beneficiary: toSummary(row) } : { exists: false, beneficiary: null };
  }

  outboxBacklog(): Promise<OutboxBacklog> {
    return this.stats.outboxBacklog();
  }

  beneficiaryStats(): Promise<BeneficiaryStats> {
    return this.stats.stats();
  }
}
