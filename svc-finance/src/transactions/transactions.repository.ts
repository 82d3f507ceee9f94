import { Injectable } from '@nestjs/common';
import type { FinanceTransaction, TransactionListQuery, TransactionType } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { toExpense, type ExpenseRow } from '../expenses/expense-row';
import { toIncome, type IncomeRow } from '../income/income-row';
import { filterParams, pageStatement } from './transaction-list-sql';

/** A page of the list, read at the list's `version`, with the number of all matches when it was counted with it. */
export interface TransactionsPage {
  version: string;
  items: FinanceTransaction[];
  total: number | null;
}

/** A record as `row_to_json` writes it: the row's fields, its timestamps as ISO text. */
type RecordJson<R> = Omit<R, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

interface PageRow {
  version: string;
  total?: number;
  type: TransactionType | null;
  record: RecordJson<IncomeRow> | RecordJson<ExpenseRow> | null;
}

/** The record as its own list answers it. */
function toTransaction(type: TransactionType, json: RecordJson<IncomeRow> | RecordJson<ExpenseRow>): FinanceTransaction {
  const row = { ...json, createdAt: new Date(json.createdAt), updatedAt: new Date(json.updatedAt) };
  return type === 'income' ? { type, record: toIncome(row as IncomeRow) } : { type, record: toExpense(row as ExpenseRow) };
}

/**
 * The transactions list over `income` and `expenses`: a page of records in the chosen order, with the list's
 * version and, when asked, the number of all matching records. One prepared statement per sort, direction and
 * `counted` (see `pageStatement`).
 */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  async page(query: TransactionListQuery, counted: boolean): Promise<TransactionsPage> {
    const rows = await this.db.readPrepared.rows<PageRow>(pageStatement(query, counted), [...filterParams(query), query.limit, query.offset]);
    const [first] = rows;
    return {
      version: first.version,
      items: first.record === null ? [] : rows.map((r) => toTransaction(r.type!, r.record!)),
      total: counted ? first.total! : null,
    };
  }
}
