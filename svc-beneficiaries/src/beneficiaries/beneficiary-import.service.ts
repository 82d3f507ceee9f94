import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BeneficiaryCreated, formatBeneficiaryId, type BeneficiaryImportBody, type BeneficiaryImportItem } from '@kcf/contracts';
import { CLOCK, Events, pending, type Clock, UnitOfWork, type UserContext } from '@kcf/server-kit';
import { recordFactEvents, type RecordFact } from '../events/record-facts';
import { BeneficiaryImportRepository } from './beneficiary-import.repository';

const STAMPS = { created_by: 'varchar', created_at: 'timestamptz', updated_at: 'timestamptz' };

const CHILD_COLUMNS = {
  id: 'varchar', number: 'bigint', full_name: 'varchar', date_of_birth: 'date', home_village: 'varchar', sub_county: 'varchar',
  county: 'varchar', guardian_name: 'varchar', guardian_phone: 'varchar', school_name: 'varchar', grade_level: 'varchar',
  is_active: 'boolean', special_needs: 'text', special_need_count: 'integer', ...STAMPS,
};

/** Each kind of record an import item carries: its table, its columns and how an entry fills them. */
const RECORD_KINDS: {
  recordType: RecordFact['recordType'];
  table: string;
  columns: Record<string, string>;
  entries(item: BeneficiaryImportItem): Record<string, unknown>[];
}[] = [
  {
    recordType: 'household_member',
    table: 'household_members',
    columns: { name: 'varchar', relationship: 'varchar', age: 'smallint' },
    entries: (item) => item.householdMembers,
  },
  {
    recordType: 'school_performance',
    table: 'school_performance',
    columns: { subject: 'varchar', term: 'varchar', grade: 'varchar' },
    entries: (item) => item.schoolPerformance,
  },
  {
    recordType: 'school_fee',
    table: 'school_fees',
    columns: { term: 'varchar', year: 'integer', amount: 'numeric' },
    entries: (item) => item.schoolFees,
  },
  {
    recordType: 'special_need',
    table: 'special_needs',
    columns: { category: 'varchar', description: 'text', status: 'varchar', date_identified: 'date', date_resolved: 'date', notes: 'text' },
    entries: (item) =>
      item.specialNeedRecords.map((n) => ({
        category: n.category, description: n.description, status: n.status,
        date_identified: n.dateIdentified, date_resolved: n.dateResolved, notes: n.notes,
      })),
  },
  {
    recordType: 'gift',
    table: 'gifts',
    columns: { gift_type: 'varchar', amount: 'numeric', description: 'text', contents: 'text', date_given: 'date' },
    entries: (item) =>
      item.gifts.map((g) => ({ gift_type: g.giftType, amount: g.amount, description: g.description, contents: g.contents, date_given: g.dateGiven })),
  },
];

/**
 * POST /api/beneficiaries/import: many children with their household, performance, fee, special-need and
 * gift records in the request's one transaction, a handful of statements, with the same events as one-by-one
 * creation. Used by the demo data and the benchmarks; files still go through their own calls.
 */
@Injectable()
export class BeneficiaryImportService {
  constructor(
    private readonly rows: BeneficiaryImportRepository,
    private readonly events: Events,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async import(user: UserContext, body: BeneficiaryImportBody): Promise<{ ids: string[] }> {
    const items = body.beneficiaries;
    const now = this.clock.now();
    const stamps = { created_by: user.userId, created_at: now, updated_at: now };
    const numbers = await this.rows.nextNumbers(items.length);
    const ids = numbers.map((n) => formatBeneficiaryId(Number(n)));
    await this.rows.insertMany(
      'beneficiaries',
      CHILD_COLUMNS,
      items.map((b, i) => ({
        id: ids[i], number: numbers[i], full_name: b.fullName, date_of_birth: b.dateOfBirth, home_village: b.homeVillage,
        sub_county: b.subCounty, county: b.county, guardian_name: b.guardianName, guardian_phone: b.guardianPhone,
        school_name: b.schoolName, grade_level: b.gradeLevel, is_active: b.isActive, special_needs: b.specialNeeds,
        special_need_count: b.specialNeedRecords.length, ...stamps,
      })),
    );
    const facts: RecordFact[] = ids.map((id) => ({ recordType: 'beneficiary', recordId: id, createdBy: user.userId }));
    for (const kind of RECORD_KINDS) facts.push(...(await this.insertRecords(kind, items, ids, stamps)));
    await this.events.recordMany([
      ...ids.map((id, i) => pending(BeneficiaryCreated, { beneficiaryId: id, fullName: items[i].fullName, createdBy: user.userId })),
      ...recordFactEvents(facts, false),
    ]);
    // A bulk insert leaves the planner's statistics and the visibility map behind; the list's plans
    // (index-only scans for deep pages) depend on both.
    this.uow.afterCommit(() => this.rows.vacuumBeneficiaries());
    return { ids };
  }

  private async insertRecords(
    kind: (typeof RECORD_KINDS)[number],
    items: BeneficiaryImportItem[],
    ids: string[],
    stamps: Record<string, unknown>,
  ): Promise<RecordFact[]> {
    const rows = items.flatMap((item, i) =>
      kind.entries(item).map((entry) => ({ id: randomUUID(), beneficiary_id: ids[i], ...entry, ...stamps })),
    );
    await this.rows.insertMany(kind.table, { id: 'uuid', beneficiary_id: 'varchar', ...kind.columns, ...STAMPS }, rows);
    return rows.map((row) => ({ recordType: kind.recordType, recordId: row.id, createdBy: stamps.created_by as string }));
  }
}
