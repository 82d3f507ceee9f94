import type { ChangeOptions } from '@kcf/server-kit';
import type { ExpenseRow } from './expense-row';

/**
 * What the audit trail says about an expense and its receipt. An expense linked to a child concerns that child
 * (`beneficiaryId`); its receipt is entity `receipt` under the expense's id (a receipt has no id of its own).
 */
export function expenseSubject(id: string, beneficiaryId: string | null): ChangeOptions {
  return { entityType: 'expense', entityId: id, beneficiaryId, omit: ['id'] };
}

export function receiptSubject(
  id: string,
  beneficiaryId: string | null,
  details: Record<string, unknown> | null = null,
): ChangeOptions {
  return { entityType: 'receipt', entityId: id, beneficiaryId, details };
}

/** A stored receipt as the trail compares it: its name, type (read from its bytes) and size; never its contents. */
export function receiptFacts(row: Pick<ExpenseRow, 'receiptName' | 'receiptType' | 'receiptSize'>): {
  name: string | null;
  type: string | null;
  size: number | null;
} {
  return { name: row.receiptName, type: row.receiptType, size: row.receiptSize };
}
