import { AppError } from '@kcf/server-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { queryOne } from './query-rows';

const CHILD_NOT_FOUND = 'Beneficiary not found';

/** The child exists (404 otherwise). */
export async function assertChildExists(db: DataSource | EntityManager, beneficiaryId: string): Promise<void> {
  const row = await queryOne(db, `SELECT id FROM beneficiaries WHERE id = $1`, [beneficiaryId]);
  if (!row) throw AppError.notFound(CHILD_NOT_FOUND);
}

/** The child exists (404 otherwise) and cannot be deleted until the transaction ends: a new record hangs off it. */
export async function lockChildForShare(manager: EntityManager, beneficiaryId: string): Promise<void> {
  const row = await queryOne(manager, `SELECT id FROM beneficiaries WHERE id = $1 FOR SHARE`, [beneficiaryId]);
  if (!row) throw AppError.notFound(CHILD_NOT_FOUND);
}
