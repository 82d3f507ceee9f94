import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  CONSENT_EXPIRING_DAYS,
  CONSENT_EXPIRING_LIMIT,
  isBeneficiaryId,
  type BeneficiaryExistsAnswer,
  type BeneficiaryStats,
  type ConsentOverview,
  type OutboxBacklog,
} from '@kcf/contracts';
import { CLOCK, type Clock } from '@kcf/server-kit';
import { BeneficiariesRepository } from '../beneficiaries/beneficiaries.repository';
import { shownPhoto, toSummary } from '../beneficiaries/beneficiary-row';
import { ConsentOverviewRepository } from '../consents/consent-overview.repository';
import { ConsentsRepository } from '../consents/consents.repository';
import { StatsRepository } from './stats.repository';

/** What this service answers other processes (INTERNAL in contracts). */
@Injectable()
export class InternalService {
  constructor(
    private readonly children: BeneficiariesRepository,
    private readonly stats: StatsRepository,
    private readonly consents: ConsentsRepository,
    private readonly consentOverview: ConsentOverviewRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Whether a child exists, with its summary and whether its registration consent is withdrawn; an id of any other shape names no child. */
  async beneficiaryExists(id: string): Promise<BeneficiaryExistsAnswer> {
    const none = { exists: false, beneficiary: null, registrationWithdrawn: false };
    if (!isBeneficiaryId(id)) return none;
    const row = await this.children.summary(id);
    if (!row) return none;
    const registrationWithdrawn = (await this.consents.withdrawnOf(id)).includes('registration');
    const photo = shownPhoto(row, foundationToday(this.clock.now()));
    return { exists: true, beneficiary: toSummary({ ...row, photo_key: photo }), registrationWithdrawn };
  }

  outboxBacklog(): Promise<OutboxBacklog> {
    return this.stats.outboxBacklog();
  }

  beneficiaryStats(): Promise<BeneficiaryStats> {
    return this.stats.stats();
  }

  /** The dashboard's consent card on the foundation's date: children lacking consent, and the grants expiring soonest. */
  async consentOverviewToday(): Promise<ConsentOverview> {
    const today = foundationToday(this.clock.now());
    const [missing, expiring] = await Promise.all([
      this.consentOverview.missing(today),
      this.consentOverview.expiring(today, CONSENT_EXPIRING_DAYS, CONSENT_EXPIRING_LIMIT),
    ]);
    return { ...missing, expiring: expiring.items, expiringTotal: expiring.total };
  }
}
