import { Injectable } from '@nestjs/common';
import { ExpenseBody, type Expense, type FinanceListQuery } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { readDatedList } from '../common/dated-list.repository';
import { EXPENSE_COLUMNS as COLUMNS, EXPENSES, toExpense, type ExpenseRow } from './expense-row';

/** The fields of the form. */
const FORM = Object.keys(ExpenseBody.shape);

export type ReceiptColumns = Pick<ExpenseRow, 'receiptKey' | 'receiptName' | 'receiptType' | 'receiptSize'>;

/** The `expenses` table. A statement that changes an amount takes the totals row (trigger) until the unit of work ends. */
@Injectable()
export class ExpensesRepository {
  constructor(private readonly db: Database) {}

  async list(query: FinanceListQuery): Promise<{ items: Expense[]; total: number }> {
    const { rows, total } = await readDatedList<ExpenseRow>(this.db.read, 'expenses', COLUMNS, query);
    return { items: rows.map(toExpense), total };
  }

  /** Every expense linked to the child, newest date first, then newest entry. */
  async listOfChild(beneficiaryId: string): Promise<Expense[]> {
    const rows = await this.db.read.rows<ExpenseRow>(
      `SELECT ${COLUMNS} FROM expenses WHERE beneficiary_id = $1 ORDER BY date DESC, created_at DESC, id DESC`,
      [beneficiaryId],
    );
    return rows.map(toExpense);
  }

  /** The receipts of the child's expenses, oldest expense first. */
  receiptsOfChild(beneficiaryId: string): Promise<ExpenseRow[]> {
    return this.db.read.rows<ExpenseRow>(
      `SELECT ${COLUMNS} FROM expenses WHERE beneficiary_id = $1 AND receipt_key IS NOT NULL ORDER BY date, created_at, id`,
      [beneficiaryId],
    );
  }

  find(id: string): Promise<ExpenseRow | null> {
    return this.db.read.one<ExpenseRow>(`SELECT ${COLUMNS} FROM expenses WHERE id = $1`, [id]);
  }

  /** The row, locked until the unit of work ends. */
  lock(id: string): Promise<ExpenseRow | null> {
    return this.db.write.one<ExpenseRow>(`SELECT ${COLUMNS} FROM expenses WHERE id = $1 FOR UPDATE`, [id]);
  }

  async insert(row: ExpenseRow): Promise<void> {
    const { sql, params } = EXPENSES.insert('expenses', row);
    await this.db.write.exec(sql, params);
  }

  /** The form's fields, and the receipt's columns when a new receipt replaces the old one. */
  async update(id: string, body: ExpenseBody, receipt: ReceiptColumns | null, now: Date): Promise<ExpenseRow> {
    const set = EXPENSES.assignments({ ...EXPENSES.fromApi(body, FORM), updatedAt: now, ...receipt }, 2);
    const row = await this.db.write.one<ExpenseRow>(
      `UPDATE expenses SET ${set.sql} WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...set.params],
    );
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM expenses WHERE id = $1`, [id]);
  }
}
