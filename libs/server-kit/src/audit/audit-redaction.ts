import { containing } from '../database/like-pattern';
import type { Database } from '../unit-of-work/database';
import { ERASED, redactedValuesOf, signRedaction } from './audit-chain';

/** One child's erasure, as a service's audit trail takes it. */
export interface AuditErasure {
  /** The erasure's data request: every erased entry names it, under the installation's signature. */
  requestId: string;
  /** The child erased. */
  beneficiaryId: string;
  /** Texts naming the child or its guardian (names, phone numbers in their written forms). */
  texts: readonly string[];
  /**
   * Users whose own entries lose their username, name, address and user agent (the child's erased guardian
   * accounts). The beneficiary-role users who acted on the child are found in the trail and added.
   */
  actorIds?: readonly string[];
}

interface Planned {
  seq: string;
  hash: Buffer;
  digest: string;
  entity_id: string | null;
  beneficiary_id: string | null;
  changes: string | null;
  details: string | null;
  actor_username: string | null;
  actor_name: string | null;
  client_ip: string | null;
  user_agent: string | null;
}

/**
 * Erases a child from a service's trail. Every entry about it (its `beneficiary_id`), whose record id, changes or
 * details hold one of the texts, or made by one of the erased accounts (named, beneficiary-role users who acted on
 * the child, or beneficiary-role users whose name holds one of the texts; a staff member's name is never erased) keeps its facts — when, which
 * account id and role, what, which kind of record, which fields changed — and loses its personal values: the
 * child's id and any record id holding one of the texts become "erased", every changed value becomes "erased",
 * the details become `{"erased": true}`, and (entries sealed in form 2) an erased account's username, name,
 * address and user agent become "erased". The digest the chain was sealed with is kept (`redacted.values`), the
 * salt goes, and the entry names the erasure request with the installation's signature over what it now holds
 * (see AuditSealedRedaction): the chain still verifies, the values cannot be guessed back from the digest, and
 * an erasure done any other way is found. Safe to run again: an erased entry has no salt and is left alone.
 * Resolves to how many entries were erased now.
 */
export async function redactAuditEntries(db: Database, key: Buffer, erasure: AuditErasure): Promise<number> {
  const { requestId, beneficiaryId } = erasure;
  const patterns = [...new Set([beneficiaryId, ...erasure.texts].filter((t) => t.trim().length > 0))].map(containing);
  return db.ownTransaction(async (sql) => {
    await sql.exec(`SELECT set_config('kcf.audit_redacting', 'on', true)`);
    // The accounts whose entries lose their actor: those named, and the beneficiary-role users who acted on the child.
    const actors = await sql.rows<{ id: string }>(
      `SELECT DISTINCT actor_id AS id FROM audit_entries WHERE beneficiary_id = $1 AND actor_role = 'beneficiary' AND actor_id IS NOT NULL
       UNION SELECT unnest($2::text[])`,
      [beneficiaryId, erasure.actorIds ?? []],
    );
    const actorIds = actors.map((a) => a.id);
    // What each entry will hold, computed by the same functions the trigger checks the update with.
    const rows = await sql.rows<Planned>(
      `SELECT e.seq::text AS seq, e.hash, audit_entry_digest(e) AS digest,
              CASE WHEN e.entity_id ILIKE ANY($2::text[]) THEN '${ERASED}' ELSE e.entity_id END AS entity_id,
              CASE WHEN e.beneficiary_id = $1 THEN '${ERASED}' ELSE e.beneficiary_id END AS beneficiary_id,
              audit_erased_changes(e.changes)::text AS changes,
              CASE WHEN e.details IS NULL THEN NULL ELSE '{"erased": true}' END AS details,
              CASE WHEN e.form >= 2 AND x.erased_actor THEN '${ERASED}' ELSE e.actor_username END AS actor_username,
              CASE WHEN e.form >= 2 AND x.erased_actor THEN '${ERASED}' ELSE e.actor_name END AS actor_name,
              CASE WHEN e.form >= 2 AND x.erased_actor THEN '${ERASED}' ELSE e.client_ip END AS client_ip,
              CASE WHEN e.form >= 2 AND x.erased_actor THEN '${ERASED}' ELSE e.user_agent END AS user_agent
       FROM audit_entries e
       CROSS JOIN LATERAL (SELECT (e.actor_id = ANY($3::text[])
         OR (e.actor_role = 'beneficiary' AND (e.actor_username ILIKE ANY($2::text[]) OR e.actor_name ILIKE ANY($2::text[])))) AS erased_actor) x
       WHERE e.salt IS NOT NULL
         AND (e.beneficiary_id = $1 OR e.entity_id ILIKE ANY($2::text[]) OR e.changes::text ILIKE ANY($2::text[])
              OR e.details::text ILIKE ANY($2::text[]) OR x.erased_actor)
       ORDER BY e.seq
       FOR UPDATE OF e`,
      [beneficiaryId, patterns, actorIds],
    );
    if (rows.length > 0) {
      const signatures = rows.map((row) => signRedaction(key, row, requestId, redactedValuesOf(row)));
      await sql.exec(
        `UPDATE audit_entries e SET
           salt = NULL,
           redacted = jsonb_build_object('values', p.digest, 'request', $11::text, 'signature', p.signature),
           entity_id = p.entity_id, beneficiary_id = p.beneficiary_id, changes = p.changes::jsonb, details = p.details::jsonb,
           actor_username = p.actor_username, actor_name = p.actor_name, client_ip = p.client_ip, user_agent = p.user_agent
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $12::text[])
           AS p(seq, digest, entity_id, beneficiary_id, changes, details, actor_username, actor_name, client_ip, user_agent, signature)
         WHERE e.seq = p.seq`,
        [
          rows.map((r) => r.seq),
          rows.map((r) => r.digest),
          rows.map((r) => r.entity_id),
          rows.map((r) => r.beneficiary_id),
          rows.map((r) => r.changes),
          rows.map((r) => r.details),
          rows.map((r) => r.actor_username),
          rows.map((r) => r.actor_name),
          rows.map((r) => r.client_ip),
          rows.map((r) => r.user_agent),
          requestId,
          signatures,
        ],
      );
    }
    return rows.length;
  });
}
