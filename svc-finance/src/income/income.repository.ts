import { Injectable } from '@nestjs/common';
import { IncomeBody, type FinanceListQuery, type Income } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { readDatedList } from '../common/dated-list.repository';
import { INCOME, INCOME_COLUMNS as COLUMNS, toIncome, type IncomeRow } from './income-row';

/** The fields of the form. */
const FORM = Object.keys(IncomeBody.shape);

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
    const { sql, params } = INCOME.insert('income', income);
    await this.db.write.exec(sql, params);
  }

  /** Every field; a changed amount takes the totals row (trigger) until the unit of work ends. Null when gone. */
  async update(id: string, body: IncomeBody, now: Date): Promise<Income | null> {
    const set = INCOME.assignments({ ...INCOME.fromApi(body, FORM), updatedAt: now }, 2);
    const row = await this.db.write.one<IncomeRow>(`UPDATE income SET ${set.sql} WHERE id = $1 RETURNING ${COLUMNS}`, [
      id,
      ...set.params,
    ]);
    return row && toIncome(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM income WHERE id = $1`, [id]);
  }
}
