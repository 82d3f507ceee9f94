import { SECURITY_ACTIONS, type AuditDomain, type ParsedInternalAuditQuery } from '@kcf/contracts';
import type { Sql } from '../database/sql';

/** A bound above every position in a chain (`beforeSeq` when only `beforeAt` counts). */
const SEQ_MAX = '9223372036854775807';

/**
 * One page of a service's entries, newest first ((at, seq) descending), as the JSON text of the internal
 * answer `{"items": [...]}`, built by PostgreSQL (the service parses and writes no row: it sends the text as
 * is). Every filter is a nullable parameter: one statement text, planned per execution
 * (plan_cache_mode=force_custom_plan), walking the index that fits (the child's, the person's, or time's).
 * Run on `db.readPrepared`: parsed once per connection.
 */
const PAGE_SQL = `
  SELECT json_build_object('items', coalesce(json_agg(json_build_object(
      'id', $11::text || '-' || e.seq,
      'at', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'domain', $11::text,
      'actor', json_build_object('id', e.actor_id, 'username', e.actor_username, 'name', e.actor_name, 'role', e.actor_role),
      'action', e.action,
      'entity', json_build_object('type', e.entity_type, 'id', e.entity_id),
      'beneficiaryId', e.beneficiary_id,
      'changes', coalesce(e.changes, '[]'::jsonb),
      'details', e.details,
      'requestId', e.request_id,
      'clientIp', e.client_ip,
      'userAgent', e.user_agent
    ) ORDER BY e.at DESC, e.seq DESC), '[]'::json))::text AS page
  FROM (
    SELECT * FROM audit_entries
    WHERE ($1::text IS NULL OR actor_id = $1)
      AND ($2::text IS NULL OR beneficiary_id = $2)
      AND ($3::text IS NULL OR entity_type = $3)
      AND ($4::text[] IS NULL OR action = ANY($4::text[]))
      AND ($5::text[] IS NULL OR action <> ALL($5::text[]))
      AND ($6::timestamptz IS NULL OR at >= $6)
      AND ($7::timestamptz IS NULL OR at < $7)
      AND ($8::timestamptz IS NULL OR (at, seq) < ($8, $9::bigint))
    ORDER BY at DESC, seq DESC
    LIMIT $10
  ) e`;

export async function readAuditPage(sql: Sql, domain: AuditDomain, q: ParsedInternalAuditQuery): Promise<string> {
  const rows = await sql.rows<{ page: string }>(PAGE_SQL, [
    q.actor ?? null,
    q.beneficiaryId ?? null,
    q.entityType ?? null,
    q.actions ?? null,
    q.excludeSecurity ? [...SECURITY_ACTIONS] : null,
    q.from ?? null,
    q.until ?? null,
    q.beforeAt ?? null,
    q.beforeAt ? String(q.beforeSeq ?? SEQ_MAX) : SEQ_MAX,
    q.limit,
    domain,
  ]);
  return rows[0].page;
}
