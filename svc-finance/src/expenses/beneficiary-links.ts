import { AppError } from '@kcf/server-kit';
import type { EntityManager } from 'typeorm';

/** Advisory-lock namespace of "expenses naming this child" (the key is a hash of the child's id). */
const BENEFICIARY_LOCK_NAMESPACE = 7355609;

export const beneficiaryNotFound = () =>
  new AppError('VALIDATION', 'Beneficiary not found', [{ path: 'beneficiaryId', message: 'Beneficiary not found' }]);

function lockBeneficiary(manager: EntityManager, beneficiaryId: string): Promise<unknown> {
  return manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BENEFICIARY_LOCK_NAMESPACE, beneficiaryId]);
}

/**
 * Inside an expense write naming a child: refuses a child whose deletion this service has already taken in.
 * Serialized with `detachBeneficiary`, so an expense never keeps a child deleted while it was being saved.
 */
export async function assertBeneficiaryNotDeleted(manager: EntityManager, beneficiaryId: string): Promise<void> {
  await lockBeneficiary(manager, beneficiaryId);
  const rows: unknown[] = await manager.query('SELECT 1 FROM deleted_beneficiaries WHERE beneficiary_id = $1', [beneficiaryId]);
  if (rows.length > 0) throw beneficiaryNotFound();
}

/** A child was deleted: remember it and clear it from every expense (the expenses stay). Returns how many changed. */
export async function detachBeneficiary(manager: EntityManager, beneficiaryId: string): Promise<number> {
  await lockBeneficiary(manager, beneficiaryId);
  await manager.query('INSERT INTO deleted_beneficiaries (beneficiary_id) VALUES ($1) ON CONFLICT DO NOTHING', [beneficiaryId]);
  const [, affected]: [unknown, number] = await manager.query(
    'UPDATE expenses SET beneficiary_id = NULL, updated_at = now() WHERE beneficiary_id = $1',
    [beneficiaryId],
  );
  return affected;
}
