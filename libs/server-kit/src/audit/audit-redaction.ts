import type { Pool } from 'pg';
import { containing } from '../database/like-pattern';

/**
 * Erases a child from a service's trail. Every entry about it (its `beneficiary_id`), or whose record id,
 * changes or details hold one of `texts` (the child's id, its name, ...), keeps its facts — when, who, what,
 * which kind of record, which fields changed — and loses its personal values: the child's id and any record
 * id holding one of the texts become "erased", every changed value becomes "erased", the details become
 * `{"erased": true}`. The digest the chain was sealed with is kept (`redacted`) and the salt goes, so the
 * chain still verifies and the values cannot be guessed back from the digest. Safe to run again: an erased
 * entry has no salt and is left alone. Resolves to how many entries were erased now.
 */
export async function redactAuditEntries(pool: Pool, beneficiaryId: string, texts: readonly string[]): Promise<number> {
  const patterns = [...new Set([beneficiaryId, ...texts].filter((t) => t.trim().length > 0))].map(containing);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('kcf.audit_redacting', 'on', true)`);
    const { rowCount } = await client.query(
      `UPDATE audit_entries e SET
         redacted = jsonb_build_object('values', audit_entry_digest(e)),
         salt = NULL,
         entity_id = CASE WHEN e.entity_id ILIKE ANY($2::text[]) THEN 'erased' ELSE e.entity_id END,
         beneficiary_id = CASE WHEN e.beneficiary_id = $1 THEN 'erased' ELSE e.beneficiary_id END,
         changes = (SELECT jsonb_agg(jsonb_build_object('field', c->>'field', 'from', 'erased', 'to', 'erased')) FROM jsonb_array_elements(e.changes) c),
         details = CASE WHEN e.details IS NULL THEN NULL ELSE '{"erased": true}'::jsonb END
       WHERE e.salt IS NOT NULL
         AND (e.beneficiary_id = $1 OR e.entity_id ILIKE ANY($2::text[]) OR e.changes::text ILIKE ANY($2::text[]) OR e.details::text ILIKE ANY($2::text[]))`,
      [beneficiaryId, patterns],
    );
    await client.query('COMMIT');
    return rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
