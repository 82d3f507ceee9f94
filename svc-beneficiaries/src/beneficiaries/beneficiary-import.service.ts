import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BeneficiaryCreated, formatBeneficiaryId, type BeneficiaryImportBody } from '@kcf/contracts';
import { CLOCK, Outbox, writeToOutbox, type Clock, type UserContext } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { BENEFICIARIES_DB } from '../config';
import { insertMany, queryRows } from '../db/query-rows';
import { writeRecordFacts, type RecordFact } from '../events/record-facts';

const BENEFICIARY_COLUMNS = {
  id: 'varchar', number: 'bigint', full_name: 'varchar', date_of_birth: 'date', home_village: 'varchar', sub_county: 'varchar',
  county: 'varchar', guardian_name: 'varchar', guardian_phone: 'varchar', school_name: 'varchar', grade_level: 'varchar',
  is_active: 'boolean', special_needs: 'text', special_need_count: 'integer', created_by: 'varchar', created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const STAMPS = { created_by: 'varchar', created_at: 'timestamptz', updated_at: 'timestamptz' };

/**
 * POST /api/beneficiaries/import: many children with their household, performance, fee and special-need
 * records in one transaction (a handful of statements), with the same events as one-by-one creation.
 * Used by the demo data and the benchmarks; files still go through their own calls.
 */
@Injectable()
export class BeneficiaryImportService {
  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly outbox: Outbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async import(user: UserContext, body: BeneficiaryImportBody): Promise<{ ids: string[] }> {
    const items = body.beneficiaries;
    const now = this.clock.now();
    const stamps = { created_by: user.userId, created_at: now, updated_at: now };
    const ids = await this.db.transaction(async (manager) => {
      const numbers = await queryRows<{ number: string }>(
        manager,
        `SELECT nextval('beneficiary_number_seq') AS number FROM generate_series(1, $1)`,
        [items.length],
      );
      const ids = numbers.map((n) => formatBeneficiaryId(Number(n.number)));
      await insertMany(
        manager,
        'beneficiaries',
        BENEFICIARY_COLUMNS,
        items.map((b, i) => ({
          id: ids[i], number: numbers[i].number, full_name: b.fullName, date_of_birth: b.dateOfBirth, home_village: b.homeVillage,
          sub_county: b.subCounty, county: b.county, guardian_name: b.guardianName, guardian_phone: b.guardianPhone,
          school_name: b.schoolName, grade_level: b.gradeLevel, is_active: b.isActive, special_needs: b.specialNeeds,
          special_need_count: b.specialNeedRecords.length, ...stamps,
        })),
      );
      const each = <T>(pick: (item: (typeof items)[number]) => T[]) =>
        items.flatMap((item, i) => pick(item).map((record) => ({ beneficiaryId: ids[i], record })));
      const facts: RecordFact[] = ids.map((id) => ({ recordType: 'beneficiary', recordId: id, createdBy: user.userId }));
      const inserted = async (table: string, recordType: RecordFact['recordType'], columns: Record<string, string>, rows: Record<string, unknown>[]) => {
        const withIds = rows.map((row) => ({ ...row, id: randomUUID() }));
        await insertMany(manager, table, { id: 'uuid', beneficiary_id: 'varchar', ...columns, ...STAMPS }, withIds);
        facts.push(...withIds.map((row) => ({ recordType, recordId: row.id as string, createdBy: user.userId })));
      };
      await inserted('household_members', 'household_member', { name: 'varchar', relationship: 'varchar', age: 'smallint' },
        each((b) => b.householdMembers).map(({ beneficiaryId, record }) => ({ beneficiary_id: beneficiaryId, ...record, ...stamps })));
      await inserted('school_performance', 'school_performance', { subject: 'varchar', term: 'varchar', grade: 'varchar' },
        each((b) => b.schoolPerformance).map(({ beneficiaryId, record }) => ({ beneficiary_id: beneficiaryId, ...record, ...stamps })));
      await inserted('school_fees', 'school_fee', { term: 'varchar', year: 'integer', amount: 'numeric' },
        each((b) => b.schoolFees).map(({ beneficiaryId, record }) => ({ beneficiary_id: beneficiaryId, ...record, ...stamps })));
      await inserted('special_needs', 'special_need',
        { category: 'varchar', description: 'text', status: 'varchar', date_identified: 'date', date_resolved: 'date', notes: 'text' },
        each((b) => b.specialNeedRecords).map(({ beneficiaryId, record }) => ({
          beneficiary_id: beneficiaryId, category: record.category, description: record.description, status: record.status,
          date_identified: record.dateIdentified, date_resolved: record.dateResolved, notes: record.notes, ...stamps,
        })));
      for (let i = 0; i < ids.length; i++) {
        await writeToOutbox(manager, BeneficiaryCreated, { beneficiaryId: ids[i], fullName: items[i].fullName, createdBy: user.userId });
      }
      await writeRecordFacts(manager, facts, false);
      return ids;
    });
    this.outbox.flush();
    return { ids };
  }
}
