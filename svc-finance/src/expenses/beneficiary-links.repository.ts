import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

/** Advisory-lock namespace of "expenses naming this child" (the key is a hash of the child's id). */
const BENEFICIARY_LOCK_NAMESPACE = 7355609;

/** Children svc-beneficiaries reported deleted (`deleted_beneficiaries`), and the expenses' links to them. */
@Injectable()
export class BeneficiaryLinksRepository {
  constructor(private readonly db: Database) {}

  /** Serializes everything about one child's expenses until the unit of work ends. */
  async lockChild(beneficiaryId: string): Promise<void> {
    await this.db.write.exec('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      BENEFICIARY_LOCK_NAMESPACE,
      beneficiaryId,
    ]);
  }

  async isDeleted(beneficiaryId: string): Promise<boolean> {
    return (
      (await this.db.write.one('SELECT 1 FROM deleted_beneficiaries WHERE beneficiary_id = $1', [beneficiaryId])) !==
      null
    );
  }

  async markDeleted(beneficiaryId: string, now: Date): Promise<void> {
    await this.db.write.exec(
      'INSERT INTO deleted_beneficiaries (beneficiary_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [beneficiaryId, now],
    );
  }

  /** Clears the child from every expense (the expenses stay). Returns how many changed. */
  clearFromExpenses(beneficiaryId: string, now: Date): Promise<number> {
    return this.db.write.exec('UPDATE expenses SET beneficiary_id = NULL, updated_at = $2 WHERE beneficiary_id = $1', [
      beneficiaryId,
      now,
    ]);
  }
}
