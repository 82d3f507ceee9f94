import { Injectable } from '@nestjs/common';
import type { FinanceListQuery, Income, IncomeBody } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { readDatedList } from '../common/dated-list.repository';
import { INCOME_COLUMNS as COLUMNS, toIncome, type IncomeRow } from './income-row';

/** The `income` table (each record read as `IncomeRow`, see `income-row.ts`). */
@Injectable()
export class IncomeRepository {
  constructor(private readonly db: Database) {}

  async list(query: FinanceListQuery): Promise<{ items: Income[]; total: number }> {
    const { rows, total } = await readDatedList<IncomeRow>(this.db.read, 'income', COLUMNS, query);
    return { items: rows.map(toIncome), total };
  }

  async find(id: string): Promise<Income | null> {
    const row = await this.db.read.one<IncomeRow>(`SELECT ${COLUMNS} FROM income WHERE id = $1`, [id]);
    return row && toIncome(row);
  }

  /** The row, locked until the unit of work ends. */
  async lock(id: string): Promise<Income | null> {
    const row = await this.db.write.one<IncomeRow>(`SELECT ${COLUMNS} FROM income WHERE id = $1 FOR UPDATE`, [id]);
    return row && toIncome(row);
  }

  /** Takes the totals row (trigger) until the unit of work ends. */
  async insert(income: Income): Promise<void> {
    await this.db.write.exec(
      `INSERT INTO income (id, amount, source, date, remarks, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [income.id, income.amount, income.source, income.date, income.remarks, income.createdBy, income.createdAt, income.updatedAt],
    );
  }

  /** Every field; a changed amount takes the totals row (trigger) until the unit of work ends. Null when gone. */
  async update(id: string, body: IncomeBody, now: Date): Promise<Income | null> {
    const row = await this.db.write.one<IncomeRow>(
      `UPDATE income SET amount = $2, source = $3, date = $4, remarks = $5, updated_at = $6 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, body.amount, body.source, body.date, body.remarks, now],
    );
    return row && toIncome(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM income WHERE id = $1`, [id]);
  }
}
