import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';
import type { ChildRecordKind } from './child-record-kinds';

/** The tables of a child's records without files (household members, school performance, school fees), one kind at a time. */
@Injectable()
export class ChildRecordsRepository {
  constructor(private readonly db: Database) {}

  listOf<B, O>(kind: ChildRecordKind<B, O>, beneficiaryId: string): Promise<Record<string, unknown>[]> {
    return this.db.read.rows(
      `SELECT ${kind.select} FROM ${kind.table} WHERE beneficiary_id = $1 ORDER BY ${kind.orderBy}`,
      [beneficiaryId],
    );
  }

  async insert<B, O>(
    kind: ChildRecordKind<B, O>,
    beneficiaryId: string,
    body: B,
    createdBy: string,
    now: Date,
  ): Promise<Record<string, unknown>> {
    const values = kind.values(body);
    const placeholders = values.map((_, i) => `$${i + 4}`).join(', ');
    const row = await this.db.write.one(
      `INSERT INTO ${kind.table} (beneficiary_id, created_by, created_at, updated_at, ${kind.columns.join(', ')})
         VALUES ($1, $2, $3, $3, ${placeholders}) RETURNING ${kind.select}`,
      [beneficiaryId, createdBy, now, ...values],
    );
    return row!;
  }

  /** The record as it is, locked until the unit of work ends; null when the child has no such record. */
  lockRow<B, O>(
    kind: ChildRecordKind<B, O>,
    beneficiaryId: string,
    recordId: string,
  ): Promise<Record<string, unknown> | null> {
    return this.db.write.one(
      `SELECT ${kind.select} FROM ${kind.table} WHERE id = $1 AND beneficiary_id = $2 FOR UPDATE`,
      [recordId, beneficiaryId],
    );
  }

  /** The updated record, or null when the child has no such record. */
  update<B, O>(
    kind: ChildRecordKind<B, O>,
    beneficiaryId: string,
    recordId: string,
    body: B,
    now: Date,
  ): Promise<Record<string, unknown> | null> {
    const values = kind.values(body);
    const assignments = kind.columns.map((column, i) => `${column} = $${i + 4}`).join(', ');
    return this.db.write.one(
      `UPDATE ${kind.table} SET ${assignments}, updated_at = $3 WHERE id = $1 AND beneficiary_id = $2 RETURNING ${kind.select}`,
      [recordId, beneficiaryId, now, ...values],
    );
  }

  /** Deletes the record; what it was (with its creator), or null when the child has no such record. */
  delete<B, O>(
    kind: ChildRecordKind<B, O>,
    beneficiaryId: string,
    recordId: string,
  ): Promise<(Record<string, unknown> & { id: string; created_by: string | null }) | null> {
    return this.db.write.one(
      `DELETE FROM ${kind.table} WHERE id = $1 AND beneficiary_id = $2 RETURNING ${kind.select}, created_by`,
      [recordId, beneficiaryId],
    );
  }
}
