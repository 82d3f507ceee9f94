import { Injectable } from '@nestjs/common';
import type { BudgetBody, BudgetInlineEditBody, BudgetItem, Term } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { USED_AMOUNT_SQL } from './budget-usage.repository';

export interface BudgetFilter {
  year?: number;
  quarter?: Term;
}

/** A budget's term as dates (inclusive), for its used amount. */
export interface TermDates {
  from: string;
  to: string;
}

type BudgetRow = Omit<BudgetItem, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const COLUMNS = `id, category, quarter, year, planned_amount AS "plannedAmount", used_amount AS "usedAmount", notes,
  created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

const UNIQUE_VIOLATION = '23505';

const toBudgetItem = (row: BudgetRow | null): BudgetItem | null =>
  row && { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };

/** The `budgets` table (one budget per category, term and year: `budgets_category_term_year_key`). */
@Injectable()
export class BudgetsRepository {
  constructor(private readonly db: Database) {}

  /** In no particular order. */
  async list(filter: BudgetFilter): Promise<BudgetItem[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.year !== undefined) where.push(`year = $${params.push(filter.year)}`);
    if (filter.quarter !== undefined) where.push(`quarter = $${params.push(filter.quarter)}`);
    const rows = await this.db.read.rows<BudgetRow>(
      `SELECT ${COLUMNS} FROM budgets WHERE ${where.length ? where.join(' AND ') : 'TRUE'}`,
      params,
    );
    return rows.map((row) => toBudgetItem(row)!);
  }

  async find(id: string): Promise<BudgetItem | null> {
    return toBudgetItem(await this.db.read.one<BudgetRow>(`SELECT ${COLUMNS} FROM budgets WHERE id = $1`, [id]));
  }

  /** The row, locked until the unit of work ends. */
  async lock(id: string): Promise<BudgetItem | null> {
    return toBudgetItem(
      await this.db.write.one<BudgetRow>(`SELECT ${COLUMNS} FROM budgets WHERE id = $1 FOR UPDATE`, [id]),
    );
  }

  /** A new budget with its used amount from the expenses of its term; null when its category, term and year are taken. */
  async insert(body: BudgetBody, term: TermDates, createdBy: string | null, now: Date): Promise<BudgetItem | null> {
    return toBudgetItem(
      await this.db.write.one<BudgetRow>(
        `INSERT INTO budgets (category, quarter, year, planned_amount, notes, created_by, used_amount, created_at, updated_at)
         VALUES ($1::varchar, $4::varchar, $5::int, $6::numeric, $7::text, $8::varchar, ${USED_AMOUNT_SQL}, $9::timestamptz, $9::timestamptz)
         ON CONFLICT ON CONSTRAINT budgets_category_term_year_key DO NOTHING RETURNING ${COLUMNS}`,
        [body.category, term.from, term.to, body.quarter, body.year, body.plannedAmount, body.notes, createdBy, now],
      ),
    );
  }

  /**
   * Every field of the form, the used amount recomputed for the (maybe new) term. Null when another budget has
   * that category, term and year (the statement failed: the unit of work can only end).
   */
  async update(id: string, body: BudgetBody, term: TermDates, now: Date): Promise<BudgetItem | null> {
    try {
      return toBudgetItem(
        await this.db.write.one<BudgetRow>(
          `UPDATE budgets SET category = $1::varchar, quarter = $4::varchar, year = $5::int, planned_amount = $6::numeric, notes = $7::text, updated_at = $9::timestamptz,
             used_amount = ${USED_AMOUNT_SQL}
           WHERE id = $8::uuid RETURNING ${COLUMNS}`,
          [body.category, term.from, term.to, body.quarter, body.year, body.plannedAmount, body.notes, id, now],
        ),
      );
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  /** Planned amount and notes only; null when there is no such budget. */
  async editInline(id: string, body: BudgetInlineEditBody, now: Date): Promise<BudgetItem | null> {
    return toBudgetItem(
      await this.db.write.one<BudgetRow>(
        `UPDATE budgets SET planned_amount = $2, notes = $3, updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, body.plannedAmount, body.notes, now],
      ),
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM budgets WHERE id = $1`, [id]);
  }
}
