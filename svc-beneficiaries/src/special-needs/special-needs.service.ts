import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SpecialNeed, SpecialNeedBody, SpecialNeedCategory, SpecialNeedStatus } from '@kcf/contracts';
import { AppError, CLOCK, type Clock, UnitOfWork, type UserContext } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { assertMaySee } from '../access/visibility';
import { BENEFICIARIES_DB } from '../config';
import { queryOne, queryRows } from '../db/query-rows';
import { writeRecordFacts } from '../events/record-facts';
import { assertChildExists } from '../db/children';

const NOT_FOUND = 'Special need not found';
const COLUMNS = `id::text, beneficiary_id, category, description, status, date_identified::text AS date_identified,
  date_resolved::text AS date_resolved, notes, created_by, created_at, updated_at`;

interface SpecialNeedRow {
  id: string;
  beneficiary_id: string;
  category: SpecialNeedCategory;
  description: string;
  status: SpecialNeedStatus;
  date_identified: string;
  date_resolved: string | null;
  notes: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function toSpecialNeed(r: SpecialNeedRow): SpecialNeed {
  return {
    id: r.id,
    beneficiaryId: r.beneficiary_id,
    category: r.category,
    description: r.description,
    status: r.status,
    dateIdentified: r.date_identified,
    dateResolved: r.date_resolved,
    notes: r.notes,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * Special needs of a child (§5: dateResolved is kept only while the status is resolved). Each create and
 * delete also moves the child's `special_need_count` in the same transaction, which the list filter, the
 * export and the dashboard read.
 */
@Injectable()
export class SpecialNeedsService {
  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Most recently identified first. */
  async list(user: UserContext, beneficiaryId: string): Promise<SpecialNeed[]> {
    assertMaySee(user, beneficiaryId);
    await assertChildExists(this.db, beneficiaryId);
    const rows = await queryRows<SpecialNeedRow>(
      this.db,
      `SELECT ${COLUMNS} FROM special_needs WHERE beneficiary_id = $1 ORDER BY date_identified DESC, created_at DESC`,
      [beneficiaryId],
    );
    return rows.map(toSpecialNeed);
  }

  async create(user: UserContext, beneficiaryId: string, body: SpecialNeedBody): Promise<SpecialNeed> {
    const row = await this.uow.transaction(async (manager) => {
      const child = await queryOne(manager, `UPDATE beneficiaries SET special_need_count = special_need_count + 1 WHERE id = $1 RETURNING id`, [beneficiaryId]);
      if (!child) throw AppError.notFound('Beneficiary not found');
      const now = this.clock.now();
      const [row] = await queryRows<SpecialNeedRow>(
        manager,
        `INSERT INTO special_needs (beneficiary_id, category, description, status, date_identified, date_resolved, notes, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
        [beneficiaryId, body.category, body.description, body.status, body.dateIdentified, body.dateResolved, body.notes, user.userId, now],
      );
      await writeRecordFacts(manager, [{ recordType: 'special_need', recordId: row.id, createdBy: row.created_by }], false);
      return row;
    });
    return toSpecialNeed(row);
  }

  async update(id: string, body: SpecialNeedBody): Promise<SpecialNeed> {
    const row = await this.uow.transaction((manager) =>
      queryOne<SpecialNeedRow>(
        manager,
        `UPDATE special_needs SET category = $2, description = $3, status = $4, date_identified = $5, date_resolved = $6, notes = $7, updated_at = $8
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, body.category, body.description, body.status, body.dateIdentified, body.dateResolved, body.notes, this.clock.now()],
      ),
    );
    if (!row) throw AppError.notFound(NOT_FOUND);
    return toSpecialNeed(row);
  }

  async remove(id: string): Promise<void> {
    await this.uow.transaction(async (manager) => {
      const row = await queryOne<{ id: string; beneficiary_id: string; created_by: string | null }>(
        manager,
        `DELETE FROM special_needs WHERE id = $1 RETURNING id::text, beneficiary_id, created_by`,
        [id],
      );
      if (!row) throw AppError.notFound(NOT_FOUND);
      await manager.query(`UPDATE beneficiaries SET special_need_count = special_need_count - 1 WHERE id = $1`, [row.beneficiary_id]);
      await writeRecordFacts(manager, [{ recordType: 'special_need', recordId: row.id, createdBy: row.created_by }], true);
    });
  }
}
