import type { AuditDomain, AuditEntry } from '@kcf/contracts';
import { AUDIT_SELECT, toAuditEntry, type AuditDbRow } from './audit-rows';

/** Runs one statement and answers its rows (a test harness's `sql`, or a pool's query). */
export type RowsOf = <R>(text: string, values?: unknown[]) => Promise<R[]>;

/** The newest position in a service's chain ('0' when it is empty): the entries after it are the ones that came since. */
export async function auditHead(rows: RowsOf): Promise<string> {
  const [head] = await rows<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM audit_entries');
  return head.seq;
}

/** A service's entries after position `seq`, oldest first, as the API answers them (what a test checks a request left). */
export async function auditEntriesAfter(rows: RowsOf, domain: AuditDomain, seq: string): Promise<AuditEntry[]> {
  const found = await rows<AuditDbRow>(`SELECT ${AUDIT_SELECT} FROM audit_entries e WHERE seq > $1 ORDER BY e.seq`, [
    seq,
  ]);
  return found.map((row) => toAuditEntry(domain, row));
}
