import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  BENEFICIARIES_ERRORS,
  BeneficiaryUpdated,
  CONSENT_PURPOSES,
  CONSENT_WITHDRAWN_WITH,
  type ConsentBody,
  type ConsentHistoryEntry,
  type ConsentPurpose,
  type ConsentRecord,
  type CreateConsents,
} from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, Events, type AuditSubject, type Clock, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import type { BeneficiaryRow } from '../beneficiaries/beneficiary-row';
import { currentByPurpose, toConsentRecord, toHistoryEntry, type ConsentRow } from './consent-row';
import { ConsentsRepository } from './consents.repository';

/** A consent in the audit trail: one purpose of one child. */
function consentSubject(
  beneficiaryId: string,
  purpose: ConsentPurpose | null,
  details?: Record<string, unknown>,
): AuditSubject {
  return { entityType: 'consent', entityId: purpose ? `${beneficiaryId}:${purpose}` : null, beneficiaryId, details };
}

/**
 * A child's consent by purpose. Each change is a new row of consent_history (the newest is the purpose's
 * state) and an audit entry with the purpose's record before and after; a read is a view of the child's data.
 * Staff who may write record any change; a beneficiary user only withdraws, and only for its own child.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly consents: ConsentsRepository,
    private readonly guard: ChildGuard,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The four purposes with their state today (an expired grant reads as not_recorded). */
  async list(user: UserContext, beneficiaryId: string): Promise<ConsentRecord[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    const today = foundationToday(this.clock.now());
    const items = [...currentByPurpose(await this.consents.currentOf(beneficiaryId))].map(([purpose, row]) =>
      toConsentRecord(purpose, row, today),
    );
    await this.audit.viewed(consentSubject(beneficiaryId, null, { rows: items.length }));
    return items;
  }

  /** Every recorded change, newest first. */
  async history(user: UserContext, beneficiaryId: string): Promise<ConsentHistoryEntry[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    const items = (await this.consents.historyOf(beneficiaryId)).map(toHistoryEntry);
    await this.audit.viewed(consentSubject(beneficiaryId, null, { rows: items.length, history: true }));
    return items;
  }

  /**
   * Records a grant or a withdrawal of one purpose; answers the purpose's record as it now is. A photo in a donor
   * report is first a photo the foundation holds, so withdrawing Photos (internal) withdraws a granted photos_donor
   * too, with the same guardian, method and date, in the same unit of work (each change its own history row and
   * audit entry).
   */
  async record(
    user: UserContext,
    beneficiaryId: string,
    purpose: ConsentPurpose,
    body: ConsentBody,
  ): Promise<ConsentRecord> {
    // The route's level (changeConsent) has already refused the viewer; the guardian's account may only withdraw.
    assertMaySee(user, beneficiaryId);
    if (user.role === 'beneficiary' && body.state !== 'withdrawn')
      throw AppError.of(BENEFICIARIES_ERRORS.consentGrantNotAllowed);
    const child = await this.guard.lockForChange(beneficiaryId);
    const current = currentByPurpose(await this.consents.currentOf(beneficiaryId));
    const answer = await this.change(user, child, purpose, current.get(purpose) ?? null, body);
    if (body.state === 'withdrawn') {
      const today = foundationToday(this.clock.now());
      for (const other of CONSENT_WITHDRAWN_WITH[purpose] ?? []) {
        const granted = current.get(other) ?? null;
        if (granted && toConsentRecord(other, granted, today).state === 'granted')
          await this.change(user, child, other, granted, body);
      }
    }
    return answer;
  }

  /** The consents given with a new child (inside its create, after its row is written). */
  async recordForNewChild(user: UserContext, child: BeneficiaryRow, consents: CreateConsents): Promise<void> {
    for (const purpose of CONSENT_PURPOSES) {
      const body = consents?.[purpose];
      if (body) await this.change(user, child, purpose, null, body);
    }
  }

  private async change(
    user: UserContext,
    child: BeneficiaryRow,
    purpose: ConsentPurpose,
    current: ConsentRow | null,
    body: ConsentBody,
  ): Promise<ConsentRecord> {
    const id = child.id;
    if (body.evidenceDocumentId && !(await this.consents.isDocumentOf(body.evidenceDocumentId, id))) {
      throw AppError.of(BENEFICIARIES_ERRORS.consentEvidenceUnknown);
    }
    const now = this.clock.now();
    const row = await this.consents.insert({
      beneficiaryId: id,
      purpose,
      body,
      recordedBy: user.userId,
      recordedByName: user.name ?? user.username ?? null,
      now,
    });
    if (purpose === 'registration' || purpose === 'photos_internal') {
      // What the list's consent filter and the dashboard read: until when the grant counts.
      await this.consents.setConsentUntil(
        id,
        purpose,
        body.state === 'granted' ? (body.expiresOn ?? 'infinity') : null,
      );
    }
    if (purpose === 'photos_internal') {
      // The photo is hidden from the API (and its files later removed) while photo consent is withdrawn.
      await this.consents.setPhotosWithdrawn(id, body.state === 'withdrawn' ? now : null);
      await this.events.record(BeneficiaryUpdated, {
        beneficiaryId: id,
        fullName: child.full_name,
        createdBy: child.created_by,
      });
    }
    const today = foundationToday(now);
    const after = toConsentRecord(purpose, row, today);
    const subject = consentSubject(id, purpose);
    if (current) this.audit.updated(toConsentRecord(purpose, current, today), after, subject);
    else this.audit.created(after, subject);
    return after;
  }
}
