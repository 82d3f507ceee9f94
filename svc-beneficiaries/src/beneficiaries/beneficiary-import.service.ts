import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  BeneficiaryCreated,
  formatBeneficiaryId,
  type BeneficiaryImportBody,
  type BeneficiaryImportItem,
} from '@kcf/contracts';
import { AuditTrail, CLOCK, Events, pending, type Clock, UnitOfWork, type UserContext } from '@kcf/server-kit';
import { recordFactEvents, type RecordFact } from '../events/record-facts';
import { GIFT_OWN_COLUMNS, toGiftOf } from '../gifts/gift-row';
import {
  HOUSEHOLD_MEMBERS,
  SCHOOL_FEES,
  SCHOOL_PERFORMANCE,
  type ChildRecordKind,
} from '../records/child-record-kinds';
import { SPECIAL_NEED_COLUMNS, toSpecialNeed, type SpecialNeedRow } from '../special-needs/special-needs.repository';
import { BeneficiaryImportRepository } from './beneficiary-import.repository';
import { CHILD, FORM_COLUMNS, formColumns } from './beneficiary-columns';
import { BENEFICIARY_COLUMNS, toBeneficiary, type BeneficiaryRow } from './beneficiary-row';
import { childSubject } from './child-audit-subject';

const STAMPS = { created_by: 'varchar', created_at: 'timestamptz', updated_at: 'timestamptz' };

/** What the import writes of a child: its id and number, the form's columns, how many special-need records it brings, the stamps. */
const CHILD_COLUMNS = CHILD.types([
  'id',
  'number',
  ...FORM_COLUMNS,
  'special_need_count',
  'created_by',
  'created_at',
  'updated_at',
]);

/**
 * Each kind of record an import item carries: its table, its columns and how an entry fills them, and what
 * the audit trail calls it and records of it (the record as the API answers it, read back from the INSERT).
 */
interface ImportedKind {
  recordType: RecordFact['recordType'];
  entityType: string;
  table: string;
  columns: Record<string, string>;
  entries(item: BeneficiaryImportItem): Record<string, unknown>[];
  /** The columns the INSERT answers, and the record they make as the API answers it (`child`: its child). */
  returning: string;
  toApi(row: Record<string, unknown>, child: BeneficiaryRow): object;
  /** Fields left out of the audit entry. */
  omit?: string[];
}

/** The kinds without files, as their own routes write and answer them. */
function plainKind<B extends Record<string, unknown>, O extends object>(
  kind: ChildRecordKind<B, O>,
  columns: Record<string, string>,
  entries: (item: BeneficiaryImportItem) => B[],
): ImportedKind {
  return {
    recordType: kind.recordType,
    entityType: kind.entityType,
    table: kind.table,
    columns,
    entries,
    returning: kind.select,
    toApi: (row) => kind.toApi(row),
  };
}

const RECORD_KINDS: ImportedKind[] = [
  plainKind(
    HOUSEHOLD_MEMBERS,
    { name: 'varchar', relationship: 'varchar', age: 'smallint' },
    (item) => item.householdMembers,
  ),
  plainKind(
    SCHOOL_PERFORMANCE,
    { subject: 'varchar', term: 'varchar', grade: 'varchar' },
    (item) => item.schoolPerformance,
  ),
  plainKind(SCHOOL_FEES, { term: 'varchar', year: 'integer', amount: 'numeric' }, (item) => item.schoolFees),
  {
    recordType: 'special_need',
    entityType: 'special-need',
    table: 'special_needs',
    columns: {
      category: 'varchar',
      description: 'text',
      status: 'varchar',
      date_identified: 'date',
      date_resolved: 'date',
      notes: 'text',
    },
    entries: (item) =>
      item.specialNeedRecords.map((n) => ({
        category: n.category,
        description: n.description,
        status: n.status,
        date_identified: n.dateIdentified,
        date_resolved: n.dateResolved,
        notes: n.notes,
      })),
    returning: SPECIAL_NEED_COLUMNS,
    toApi: (row) => toSpecialNeed(row as unknown as SpecialNeedRow),
  },
  {
    recordType: 'gift',
    entityType: 'gift',
    table: 'gifts',
    columns: { gift_type: 'varchar', amount: 'numeric', description: 'text', contents: 'text', date_given: 'date' },
    entries: (item) =>
      item.gifts.map((g) => ({
        gift_type: g.giftType,
        amount: g.amount,
        description: g.description,
        contents: g.contents,
        date_given: g.dateGiven,
      })),
    returning: GIFT_OWN_COLUMNS,
    toApi: (row, child) => toGiftOf(row as unknown as Parameters<typeof toGiftOf>[0], child),
    omit: ['beneficiary'],
  },
];

/**
 * POST /api/beneficiaries/import: many children with their household, performance, fee, special-need and
 * gift records in the request's one transaction, a handful of statements, with the same events as one-by-one
 * creation and the same audit entries (one per child and one per record, each with its values). Used by the
 * demo data and the benchmarks; files still go through their own calls.
 */
@Injectable()
export class BeneficiaryImportService {
  constructor(
    private readonly rows: BeneficiaryImportRepository,
    private readonly events: Events,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async import(user: UserContext, body: BeneficiaryImportBody): Promise<{ ids: string[] }> {
    const items = body.beneficiaries;
    const now = this.clock.now();
    const stamps = { created_by: user.userId, created_at: now, updated_at: now };
    const numbers = await this.rows.nextNumbers(items.length);
    const ids = numbers.map((n) => formatBeneficiaryId(Number(n)));
    const children = await this.rows.insertMany<BeneficiaryRow>(
      'beneficiaries AS b',
      CHILD_COLUMNS,
      items.map((b, i) => ({
        id: ids[i],
        number: numbers[i],
        ...formColumns(b),
        special_need_count: b.specialNeedRecords.length,
        ...stamps,
      })),
      BENEFICIARY_COLUMNS,
    );
    const today = foundationToday(now);
    for (const child of children) this.audit.created(toBeneficiary(child, today), childSubject(child.id));
    const childById = new Map(children.map((child) => [child.id, child]));
    const facts: RecordFact[] = ids.map((id) => ({ recordType: 'beneficiary', recordId: id, createdBy: user.userId }));
    for (const kind of RECORD_KINDS) facts.push(...(await this.insertRecords(kind, items, ids, stamps, childById)));
    await this.events.recordMany([
      ...ids.map((id, i) =>
        pending(BeneficiaryCreated, { beneficiaryId: id, fullName: items[i].fullName, createdBy: user.userId }),
      ),
      ...recordFactEvents(facts, false),
    ]);
    // A bulk insert leaves the planner's statistics and the visibility map behind; the list's plans
    // (index-only scans for deep pages) depend on both.
    this.uow.afterCommit(() => this.rows.vacuumBeneficiaries());
    return { ids };
  }

  private async insertRecords(
    kind: ImportedKind,
    items: BeneficiaryImportItem[],
    ids: string[],
    stamps: Record<string, unknown>,
    childById: Map<string, BeneficiaryRow>,
  ): Promise<RecordFact[]> {
    const rows = items.flatMap((item, i) =>
      kind.entries(item).map((entry) => ({ id: randomUUID(), beneficiary_id: ids[i], ...entry, ...stamps })),
    );
    const stored = await this.rows.insertMany<Record<string, unknown>>(
      kind.table,
      { id: 'uuid', beneficiary_id: 'varchar', ...kind.columns, ...STAMPS },
      rows,
      kind.returning,
    );
    for (const row of stored) {
      const beneficiaryId = String(row.beneficiary_id);
      this.audit.created(kind.toApi(row, childById.get(beneficiaryId)!), {
        entityType: kind.entityType,
        entityId: String(row.id),
        beneficiaryId,
        omit: kind.omit,
      });
    }
    return rows.map((row) => ({
      recordType: kind.recordType,
      recordId: row.id,
      createdBy: stamps.created_by as string,
    }));
  }
}
