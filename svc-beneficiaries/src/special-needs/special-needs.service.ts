import { Inject, Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, type SpecialNeed, type SpecialNeedBody } from '@kcf/contracts';
import { AppError, CLOCK, Events, type Clock, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import { recordFacts } from '../events/record-facts';
import { SpecialNeedsRepository, toSpecialNeed } from './special-needs.repository';

const NOT_FOUND = BENEFICIARIES_ERRORS.specialNeedNotFound;

/**
 * Special needs of a child (the date resolved is kept only while the status is resolved: the body's schema
 * drops it otherwise). Each create and delete also moves the child's `special_need_count` in the same
 * transaction, which the list filter, the export and the dashboard read.
 */
@Injectable()
export class SpecialNeedsService {
  constructor(
    private readonly needs: SpecialNeedsRepository,
    private readonly guard: ChildGuard,
    private readonly events: Events,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Most recently identified first. */
  async list(user: UserContext, beneficiaryId: string): Promise<SpecialNeed[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    return (await this.needs.listOf(beneficiaryId)).map(toSpecialNeed);
  }

  async create(user: UserContext, beneficiaryId: string, body: SpecialNeedBody): Promise<SpecialNeed> {
    if (!(await this.needs.countOneMore(beneficiaryId))) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    const row = await this.needs.insert(beneficiaryId, body, user.userId, this.clock.now());
    await recordFacts(this.events, [{ recordType: 'special_need', recordId: row.id, createdBy: row.created_by }], false);
    return toSpecialNeed(row);
  }

  async update(id: string, body: SpecialNeedBody): Promise<SpecialNeed> {
    const row = await this.needs.update(id, body, this.clock.now());
    if (!row) throw AppError.of(NOT_FOUND);
    return toSpecialNeed(row);
  }

  async remove(id: string): Promise<void> {
    const row = await this.needs.delete(id);
    if (!row) throw AppError.of(NOT_FOUND);
    await this.needs.countOneLess(row.beneficiary_id);
    await recordFacts(this.events, [{ recordType: 'special_need', recordId: row.id, createdBy: row.created_by }], true);
  }
}
