import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, CLOCK, type Clock, UnitOfWork, type UserContext } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { assertMaySee } from '../access/visibility';
import { BENEFICIARIES_DB } from '../config';
import { assertChildExists, lockChildForShare } from '../db/children';
import { queryOne, queryRows } from '../db/query-rows';
import { writeRecordFacts } from '../events/record-facts';
import type { ChildRecordKind } from './child-record-kinds';

const CHILD_NOT_FOUND = 'Beneficiary not found';

/** List, create, update and delete of the records of one child that carry no files (household, performance, fees). */
@Injectable()
export class ChildRecordsService {
  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list<B, O>(kind: ChildRecordKind<B, O>, user: UserContext, beneficiaryId: string): Promise<O[]> {
    assertMaySee(user, beneficiaryId, CHILD_NOT_FOUND);
    await assertChildExists(this.db, beneficiaryId);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      `SELECT ${kind.select} FROM ${kind.table} WHERE beneficiary_id = $1 ORDER BY ${kind.orderBy}`,
      [beneficiaryId],
    );
    return rows.map(kind.toApi);
  }

  async create<B, O>(kind: ChildRecordKind<B, O>, user: UserContext, beneficiaryId: string, body: B): Promise<O> {
    const row = await this.uow.transaction(async (manager) => {
      await lockChildForShare(manager, beneficiaryId);
      const now = this.clock.now();
      const values = kind.values(body);
      const placeholders = values.map((_, i) => `$${i + 4}`).join(', ');
      const [row] = await queryRows<Record<string, unknown>>(
        manager,
        `INSERT INTO ${kind.table} (beneficiary_id, created_by, created_at, updated_at, ${kind.columns.join(', ')})
         VALUES ($1, $2, $3, $3, ${placeholders}) RETURNING ${kind.select}`,
        [beneficiaryId, user.userId, now, ...values],
      );
      await writeRecordFacts(manager, [{ recordType: kind.recordType, recordId: String(row.id), createdBy: user.userId }], false);
      return row;
    });
    return kind.toApi(row);
  }

  async update<B, O>(kind: ChildRecordKind<B, O>, beneficiaryId: string, recordId: string, body: B): Promise<O> {
    const values = kind.values(body);
    const assignments = kind.columns.map((column, i) => `${column} = $${i + 4}`).join(', ');
    const row = await this.uow.transaction((manager) =>
      queryOne<Record<string, unknown>>(
        manager,
        `UPDATE ${kind.table} SET ${assignments}, updated_at = $3 WHERE id = $1 AND beneficiary_id = $2 RETURNING ${kind.select}`,
        [recordId, beneficiaryId, this.clock.now(), ...values],
      ),
    );
    if (!row) throw AppError.notFound(kind.notFound);
    return kind.toApi(row);
  }

  async remove<B, O>(kind: ChildRecordKind<B, O>, beneficiaryId: string, recordId: string): Promise<void> {
    await this.uow.transaction(async (manager) => {
      const row = await queryOne<{ id: string; created_by: string | null }>(
        manager,
        `DELETE FROM ${kind.table} WHERE id = $1 AND beneficiary_id = $2 RETURNING id::text, created_by`,
        [recordId, beneficiaryId],
      );
      if (!row) throw AppError.notFound(kind.notFound);
      await writeRecordFacts(manager, [{ recordType: kind.recordType, recordId: row.id, createdBy: row.created_by }], true);
    });
  }
}
