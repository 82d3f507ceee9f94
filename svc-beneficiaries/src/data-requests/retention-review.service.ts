import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  BENEFICIARIES_ERRORS,
  RETENTION_KEEP_MONTHS,
  RETENTION_REVIEW_ERRORS,
  type RetentionKeepBody,
  type RetentionReviewChild,
} from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, type Clock, type UserContext } from '@kcf/server-kit';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from '../config';
import { ConsentGate } from '../consents/consent-gate.service';
import { RetentionReviewRepository, type RetentionReviewRow } from './retention-review.repository';

function monthsBefore(at: Date, months: number): Date {
  const out = new Date(at);
  out.setUTCMonth(out.getUTCMonth() - months);
  return out;
}

function toChild(row: RetentionReviewRow): RetentionReviewChild {
  return {
    beneficiaryId: row.beneficiary_id,
    fullName: row.full_name,
    inactiveSince: new Date(row.inactive_since).toISOString(),
    kept: row.kept_at
      ? { reason: row.reason ?? '', by: row.kept_by_name, at: new Date(row.kept_at).toISOString() }
      : null,
  };
}

/**
 * The retention review (superadmin): inactive children whose last change is older than
 * RETENTION_INACTIVE_YEARS, to be kept or erased. A Keep (with its reason) takes the child off the list for
 * RETENTION_KEEP_MONTHS; after that it is listed again, showing the last Keep.
 */
@Injectable()
export class RetentionReviewService {
  constructor(
    private readonly review: RetentionReviewRepository,
    private readonly consents: ConsentGate,
    private readonly audit: AuditTrail,
    @Inject(BENEFICIARIES_CONFIG) private readonly config: BeneficiariesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Oldest first. */
  async list(): Promise<RetentionReviewChild[]> {
    const now = this.clock.now();
    const rows = await this.review.due(
      monthsBefore(now, 12 * this.config.RETENTION_INACTIVE_YEARS),
      monthsBefore(now, RETENTION_KEEP_MONTHS),
    );
    await this.audit.viewed({ entityType: 'retention-review', entityId: null, details: { rows: rows.length } });
    return rows.map(toChild);
  }

  /**
   * Keeps an inactive child for another RETENTION_KEEP_MONTHS. A Keep is a change to the child (audited as
   * such), so a child whose registration consent is withdrawn cannot be kept, only exported or erased.
   */
  async keep(user: UserContext, beneficiaryId: string, body: RetentionKeepBody): Promise<RetentionReviewChild> {
    const child = await this.review.lockChild(beneficiaryId);
    if (!child) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    await this.consents.assertOpen(child.id);
    if (child.is_active) throw AppError.of(RETENTION_REVIEW_ERRORS.childActive);
    const now = this.clock.now();
    const before = await this.review.findKeep(child.id);
    await this.review.keep(child.id, body.reason, user.userId, user.name ?? user.username ?? null, now);
    const keptUntil = (at: Date) => foundationToday(monthsBefore(at, -RETENTION_KEEP_MONTHS));
    const after = { reason: body.reason, keptUntil: keptUntil(now) };
    const subject = { entityType: 'retention-keep', entityId: child.id, beneficiaryId: child.id };
    if (before)
      this.audit.updated({ reason: before.reason, keptUntil: keptUntil(new Date(before.kept_at)) }, after, subject);
    else this.audit.created(after, subject);
    return toChild((await this.review.inactiveChild(child.id))!);
  }
}
