import { Injectable } from '@nestjs/common';
import type { SpecialNeed, SpecialNeedBody, SpecialNeedCategory, SpecialNeedStatus } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';

/** A need's columns, as every read and write of one returns them. */
export const SPECIAL_NEED_COLUMNS = `id::text, beneficiary_id, category, description, status, date_identified::text AS date_identified,
  date_resolved::text AS date_resolved, notes, created_by, created_at, updated_at`;

export interface SpecialNeedRow {
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

export function toSpecialNeed(r: SpecialNeedRow): SpecialNeed {
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

/** The special_needs table, and the count of them kept on the child (`special_need_count`). */
@Injectable()
export class SpecialNeedsRepository {
  constructor(private readonly db: Database) {}

  /** Most recently identified first. */
  listOf(beneficiaryId: string): Promise<SpecialNeedRow[]> {
    return this.db.read.rows<SpecialNeedRow>(
      `SELECT ${SPECIAL_NEED_COLUMNS} FROM special_needs WHERE beneficiary_id = $1 ORDER BY date_identified DESC, created_at DESC`,
      [beneficiaryId],
    );
  }

  /** Counts one more need on the child (locking its row); false when there is no such child. */
  async countOneMore(beneficiaryId: string): Promise<boolean> {
    const child = await this.db.write.one(
      `UPDATE beneficiaries SET special_need_count = special_need_count + 1 WHERE id = $1 RETURNING id`,
      [beneficiaryId],
    );
    return child !== null;
  }

  async countOneLess(beneficiaryId: string): Promise<void> {
    await this.db.write.exec(`UPDATE beneficiaries SET special_need_count = special_need_count - 1 WHERE id = $1`, [
      beneficiaryId,
    ]);
  }

  async insert(beneficiaryId: string, body: SpecialNeedBody, createdBy: string, now: Date): Promise<SpecialNeedRow> {
    const row = await this.db.write.one<SpecialNeedRow>(
      `INSERT INTO special_needs (beneficiary_id, category, description, status, date_identified, date_resolved, notes, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${SPECIAL_NEED_COLUMNS}`,
      [
        beneficiaryId,
        body.category,
        body.description,
        body.status,
        body.dateIdentified,
        body.dateResolved,
        body.notes,
        createdBy,
        now,
      ],
    );
    return row!;
  }

  /** The need as it is, locked until the unit of work ends; null when there is none. */
  lockRow(id: string): Promise<SpecialNeedRow | null> {
    return this.db.write.one<SpecialNeedRow>(
      `SELECT ${SPECIAL_NEED_COLUMNS} FROM special_needs WHERE id = $1 FOR UPDATE`,
      [id],
    );
  }

  /** The updated need, or null when there is none. */
  update(id: string, body: SpecialNeedBody, now: Date): Promise<SpecialNeedRow | null> {
    return this.db.write.one<SpecialNeedRow>(
      `UPDATE special_needs SET category = $2, description = $3, status = $4, date_identified = $5, date_resolved = $6, notes = $7, updated_at = $8
         WHERE id = $1 RETURNING ${SPECIAL_NEED_COLUMNS}`,
      [id, body.category, body.description, body.status, body.dateIdentified, body.dateResolved, body.notes, now],
    );
  }

  /** Deletes the need; what it was, or null when there was none. */
  delete(id: string): Promise<SpecialNeedRow | null> {
    return this.db.write.one<SpecialNeedRow>(
      `DELETE FROM special_needs WHERE id = $1 RETURNING ${SPECIAL_NEED_COLUMNS}`,
      [id],
    );
  }
}
