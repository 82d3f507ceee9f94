import { Injectable } from '@nestjs/common';
import { AuditEntityNamer, type RecordFacts } from '@kcf/server-kit';
import { AuditNamesRepository, type NamedTable } from './audit-names.repository';
import { financeRecordLabel } from './finance-record-label';

/** The table each named kind of record lives in (a receipt is its expense's). */
const TABLES: Record<string, NamedTable> = {
  budget: 'budgets',
  income: 'income',
  expense: 'expenses',
  receipt: 'expenses',
};

/** Names svc-finance's budgets, income, expenses and receipts in the audit log (AuditEntityNamer). */
@Injectable()
export class FinanceRecordNamer extends AuditEntityNamer {
  readonly types = Object.keys(TABLES);

  constructor(private readonly names: AuditNamesRepository) {
    super();
  }

  facts(type: string, ids: readonly string[]): Promise<Map<string, RecordFacts>> {
    return this.names.facts(TABLES[type], ids);
  }

  label(type: string, _id: string, facts: RecordFacts): string | null {
    return financeRecordLabel(type, facts);
  }
}
