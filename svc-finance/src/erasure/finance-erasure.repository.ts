import { Injectable } from '@nestjs/common';
import { containing, Database } from '@kcf/server-kit';

/** The text as a case-insensitive regular expression matching itself literally (PostgreSQL's regexp_replace). */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Columns where a person may have written a child's name: the name is replaced there with "erased". */
const FREE_TEXT: readonly [table: string, column: string][] = [
  ['expenses', 'description'],
  ['expenses', 'receipt_name'],
  ['income', 'source'],
  ['income', 'remarks'],
  ['budgets', 'notes'],
];

/**
 * svc-finance's part of a child's erasure: the expenses stay (financial records are kept, so every budget
 * still sums the same) but lose their link to the child and its name; the deleted-children list, outbox rows
 * the bus already has, idempotency records and audit values that name the child go.
 */
@Injectable()
export class FinanceErasureRepository {
  constructor(private readonly db: Database) {}

  /** Clears the child from every expense; resolves to how many expenses named it. */
  unlinkExpenses(beneficiaryId: string, now: Date): Promise<number> {
    return this.db.write.exec('UPDATE expenses SET beneficiary_id = NULL, updated_at = $2 WHERE beneficiary_id = $1', [beneficiaryId, now]);
  }

  /** Forgets that the child was deleted (the child is gone from svc-beneficiaries, which refuses it anyway). */
  async forgetDeletedChild(beneficiaryId: string): Promise<void> {
    await this.db.write.exec('DELETE FROM deleted_beneficiaries WHERE beneficiary_id = $1', [beneficiaryId]);
  }

  /** Replaces each of `names` with "erased" in the free-text columns; resolves to how many rows changed. */
  async replaceNames(names: string[], now: Date): Promise<number> {
    let changed = 0;
    for (const name of names) {
      for (const [table, column] of FREE_TEXT) {
        changed += await this.db.write.exec(
          `UPDATE ${table} SET ${column} = regexp_replace(${column}, $1, 'erased', 'gi'), updated_at = $3 WHERE ${column} ILIKE $2`,
          [literally(name), containing(name), now],
        );
      }
    }
    return changed;
  }

}
