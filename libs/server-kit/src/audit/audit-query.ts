import type { Pool } from 'pg';
import { SECURITY_ACTIONS, type AuditDomain, type AuditEntry, type ParsedInternalAuditQuery } from '@kcf/contracts';
import { AUDIT_SELECT, toAuditEntry, type AuditDbRow } from './audit-rows';

/** A bound above every position in a chain (`beforeSeq` when only `beforeAt` counts). */
const SEQ_MAX = '9223372036854775807';

/**
 * One page of a service's entries, newest first ((at, seq) descending), with every filter a nullable
 * parameter: one statement text, planned per execution (plan_cache_mode=force_custom_plan), walking the
 * index that fits (the child's, the person's, or time's). The order names the table's columns (`e.at`): the
 * output's `at` and `seq` are text, and ordering by them would sort every row.
 */
const PAGE_SQL = `
  SELECT ${AUDIT_SELECT}
  FROM audit_entries e
  WHERE ($1::text IS NULL OR actor_id = $1)
    AND ($2::text IS NULL OR beneficiary_id = $2)
    AND ($3::text IS NULL OR entity_type = $3)
    AND ($4::text[] IS NULL OR action = ANY($4::text[]))
    AND ($5::text[] IS NULL OR action <> ALL($5::text[]))
    AND ($6::timestamptz IS NULL OR at >= $6)
    AND ($7::timestamptz IS NULL OR at < $7)
    AND ($8::timestamptz IS NULL OR (at, seq) < ($8, $9::bigint))
  ORDER BY e.at DESC, e.seq DESC
  LIMIT $10`;

export async function readAuditPage(pool: Pool, domain: AuditDomain, q: ParsedInternalAuditQuery): Promise<AuditEntry[]> {
  const { rows } = await pool.query<AuditDbRow>({
    name: 'audit_page',
    text: PAGE_SQL,
    values: [
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
    ],
  });
  return rows.map((row) => toAuditEntry(domain, row));
}
