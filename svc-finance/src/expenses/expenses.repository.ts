import { Injectable } from '@nestjs/common';
import type { Expense, ExpenseBody, FinanceListQuery } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { readDatedList } from '../common/dated-list.repository';
import { EXPENSE_COLUMNS as COLUMNS, toExpense, type ExpenseRow } from './expense-row';

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
    const rows = await this.db.read.rows<ExpenseRow>(`SELECT ${COLUMNS} FROM expenses WHERE beneficiary_id = $1 ORDER BY date DESC, created_at DESC, id DESC`, [beneficiaryId]);
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
    await this.db.write.exec(
      `INSERT INTO expenses (id, amount, category, beneficiary_id, date, description, receipt_key, receipt_name, receipt_type, receipt_size, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [row.id, row.amount, row.category, row.beneficiaryId, row.date, row.description, row.receiptKey, row.receiptName, row.receiptType, row.receiptSize, row.createdBy, row.createdAt, row.updatedAt],
    );
  }

  /** The form's fields, and the receipt's columns when a new receipt replaces the old one. */
  async update(id: string, body: ExpenseBody, receipt: ReceiptColumns | null, now: Date): Promise<ExpenseRow> {
    const params: unknown[] = [id, body.amount, body.category, body.beneficiaryId, body.date, body.description, now];
    const receiptSet = receipt ? ', receipt_key = $8, receipt_name = $9, receipt_type = $10, receipt_size = $11' : '';
    if (receipt) params.push(receipt.receiptKey, receipt.receiptName, receipt.receiptType, receipt.receiptSize);
    const row = await this.db.write.one<ExpenseRow>(
      `UPDATE expenses SET amount = $2, category = $3, beneficiary_id = $4, date = $5, description = $6, updated_at = $7${receiptSet}
       WHERE id = $1 RETURNING ${COLUMNS}`,
      params,
    );
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM expenses WHERE id = $1`, [id]);
  }
}
