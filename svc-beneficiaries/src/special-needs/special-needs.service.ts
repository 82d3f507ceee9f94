import { Inject, Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, type SpecialNeed, type SpecialNeedBody } from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, Events, type AuditSubject, type Clock, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import { ConsentGate } from '../consents/consent-gate.service';
import { recordFacts } from '../events/record-facts';
import { SpecialNeedsRepository, toSpecialNeed } from './special-needs.repository';

const NOT_FOUND = BENEFICIARIES_ERRORS.specialNeedNotFound;

/** What the audit trail says a special need (or the child's list of them) is. */
function subject(id: string | null, beneficiaryId: string): AuditSubject {
  return { entityType: 'special-need', entityId: id, beneficiaryId };
}

/** A need that records health details (what medical consent covers). */
function healthOf(body: SpecialNeedBody): { what: 'special need' } | null {
  return body.category === 'health' ? { what: 'special need' } : null;
}

/**
 * Special needs of a child (the date resolved is kept only while the status is resolved: the body's schema
 * drops it otherwise). Each create and delete also moves the child's `special_need_count` in the same
 * transaction, which the list filter, the export and the dashboard read. Every change is in the audit trail
 * with its values; every list read is a view of the child's data.
 */
@Injectable()
export class SpecialNeedsService {
  constructor(
    private readonly needs: SpecialNeedsRepository,
    private readonly guard: ChildGuard,
    private readonly gate: ConsentGate,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Most recently identified first. */
  async list(user: UserContext, beneficiaryId: string): Promise<SpecialNeed[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    const hideHealth = await this.gate.hidesHealthFrom(user, beneficiaryId);
    const items = (await this.needs.listOf(beneficiaryId))
      .map(toSpecialNeed)
      .filter((need) => !(hideHealth && need.category === 'health'));
    await this.audit.viewed({ ...subject(null, beneficiaryId), details: { rows: items.length } });
    return items;
  }

  async create(user: UserContext, beneficiaryId: string, body: SpecialNeedBody): Promise<SpecialNeed> {
    await this.gate.assertRecordAllowed(beneficiaryId, healthOf(body));
    if (!(await this.needs.countOneMore(beneficiaryId))) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    const row = await this.needs.insert(beneficiaryId, body, user.userId, this.clock.now());
    await recordFacts(
      this.events,
      [{ recordType: 'special_need', recordId: row.id, createdBy: row.created_by }],
      false,
    );
    const created = toSpecialNeed(row);
    this.audit.created(created, subject(row.id, beneficiaryId));
    return created;
  }

  async update(id: string, body: SpecialNeedBody): Promise<SpecialNeed> {
    const current = await this.needs.lockRow(id);
    if (!current) throw AppError.of(NOT_FOUND);
    await this.gate.assertRecordAllowed(current.beneficiary_id, healthOf(body));
    const row = await this.needs.update(id, body, this.clock.now());
    if (!row) throw AppError.of(NOT_FOUND);
    const updated = toSpecialNeed(row);
    this.audit.updated(toSpecialNeed(current), updated, subject(id, row.beneficiary_id));
    return updated;
  }

  async remove(id: string): Promise<void> {
    const row = await this.needs.delete(id);
    if (!row) throw AppError.of(NOT_FOUND);
    await this.gate.assertOpen(row.beneficiary_id);
    await this.needs.countOneLess(row.beneficiary_id);
    await recordFacts(this.events, [{ recordType: 'special_need', recordId: row.id, createdBy: row.created_by }], true);
    this.audit.deleted(toSpecialNeed(row), subject(row.id, row.beneficiary_id));
  }
}
