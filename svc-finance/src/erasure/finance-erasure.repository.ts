import { Injectable } from '@nestjs/common';
import { Database, ErasedObjects } from '@kcf/server-kit';

/** Columns where a person may have written a child's or its guardian's name or phone: replaced there with "erased". */
const FREE_TEXT: readonly [table: string, column: string][] = [
  ['expenses', 'description'],
  ['expenses', 'receipt_name'],
  ['income', 'source'],
  ['income', 'remarks'],
  ['budgets', 'notes'],
];

/** The tables a child's erasure changes rows of here (vacuumed after it, so no old row version keeps a value). */
export const ERASED_TABLES = [
  'expenses',
  'income',
  'budgets',
  'deleted_beneficiaries',
  'outbox',
  'idempotency_keys',
  'audit_entries',
] as const;

/** An expense of the child, as the erasure left it: unlinked, without its receipt (the key it had, to remove). */
export interface UnlinkedExpense {
  id: string;
  receipt_key: string | null;
}

/**
 * svc-finance's part of a child's erasure: the expenses stay (financial records are kept, so every budget
 * still sums the same) but lose their link to the child, their receipts (the file concerns the child only and
 * cannot be cleaned: queued in `erasure_objects`, removed by the ErasedReceiptsJob) and every text naming the
 * child or its guardian; the deleted-children list, outbox rows the bus already has, idempotency records and
 * audit values that name the child go.
 */
@Injectable()
export class FinanceErasureRepository {
  /** The stored objects this service's erasures queued for removal (`erasure_objects`). */
  readonly objects: ErasedObjects;

  constructor(private readonly db: Database) {
    this.objects = new ErasedObjects(db);
  }

  /** Notes the erasure (once per request): its part is reported once its receipts are gone. */
  async open(requestId: string): Promise<void> {
    await this.db.write.exec(
      'INSERT INTO erasure_requests (request_id) VALUES ($1) ON CONFLICT (request_id) DO NOTHING',
      [requestId],
    );
  }

  /** Clears the child and the receipt from every expense of the child; resolves to those expenses and the receipts they had. */
  unlinkExpenses(beneficiaryId: string, now: Date): Promise<UnlinkedExpense[]> {
    return this.db.write.rows<UnlinkedExpense>(
      `UPDATE expenses e SET beneficiary_id = NULL, receipt_key = NULL, receipt_name = NULL, receipt_type = NULL, receipt_size = NULL, updated_at = $2
       FROM (SELECT id, receipt_key FROM expenses WHERE beneficiary_id = $1 FOR UPDATE) old
       WHERE e.id = old.id
       RETURNING e.id::text, old.receipt_key`,
      [beneficiaryId, now],
    );
  }

  /** Queues receipts for removal (ErasedReceiptsJob), in the erasure's transaction. */
  async queueObjects(requestId: string, keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.write.exec(
      `INSERT INTO erasure_objects (key, request_id, next_try_at) SELECT unnest($1::text[]), $2, $3 ON CONFLICT (key) DO NOTHING`,
      [keys, requestId, now],
    );
  }

  /** Forgets that the child was deleted (the child is gone from svc-beneficiaries, which refuses it anyway). */
  async forgetDeletedChild(beneficiaryId: string): Promise<void> {
    await this.db.write.exec('DELETE FROM deleted_beneficiaries WHERE beneficiary_id = $1', [beneficiaryId]);
  }

  /**
   * Replaces what `pattern` (a case-insensitive PostgreSQL regular expression) matches with "erased" in the
   * free-text columns, of the expenses `ids` only when given; resolves to how many rows changed.
   */
  async replaceTexts(pattern: string, now: Date, ids?: readonly string[]): Promise<number> {
    let changed = 0;
    for (const [table, column] of ids ? FREE_TEXT.filter(([t]) => t === 'expenses') : FREE_TEXT) {
      changed += await this.db.write.exec(
        `UPDATE ${table} SET ${column} = regexp_replace(${column}, $1, 'erased', 'gi'), updated_at = $2 WHERE ${column} ~* $1${ids ? ' AND id = ANY($3::uuid[])' : ''}`,
        ids ? [pattern, now, ids] : [pattern, now],
      );
    }
    return changed;
  }

  /** Erasures whose receipts are all gone, not reported yet. */
  erasedUnreported(): Promise<{ request_id: string }[]> {
    return this.db.read.rows(
      `SELECT request_id::text FROM erasure_requests r WHERE reported_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM erasure_objects o WHERE o.request_id = r.request_id)`,
    );
  }

  /** Marks the erasure reported if it is ready (as erasedUnreported), under its row's lock; resolves to whether it was. */
  async markReported(requestId: string, now: Date): Promise<boolean> {
    const ready = await this.db.write.one(
      `SELECT request_id FROM erasure_requests r WHERE request_id = $1 AND reported_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM erasure_objects o WHERE o.request_id = r.request_id) FOR UPDATE`,
      [requestId],
    );
    if (!ready) return false;
    await this.db.write.exec('UPDATE erasure_requests SET reported_at = $2 WHERE request_id = $1', [requestId, now]);
    return true;
  }
}
