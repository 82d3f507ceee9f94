import type { AuditVerifyResult } from '@kcf/contracts';
import { DOMAIN_LABELS } from './audit-filters';

export const AUDIT_TEXTS = {
  empty: 'No activity recorded yet.',
  /** Filters that find nothing say so, with a way back to every entry (as every list of the product does). */
  noMatch: 'No activity matches these filters.',
  clearFilters: 'Clear filters',
  /** The switch that leaves the views and exports out (the Action filter's Change). */
  changesOnly: 'Changes only',
  loadFailed: 'The audit log could not be loaded',
  exported: 'Audit log exported successfully',
  exportFailed: 'Failed to export the audit log',
  verifyFailed: 'Failed to verify the audit trail',
} as const;

const count = new Intl.NumberFormat('en-KE');

/** The "Verify integrity" answer in words. */
export function verifyResultText(result: AuditVerifyResult): string {
  if (result.ok) return `All ${count.format(result.checked)} ${result.checked === 1 ? 'entry' : 'entries'} verified.`;
  return `The audit trail was altered: entry ${result.firstBrokenId} in ${DOMAIN_LABELS[result.domain] ?? result.domain} — ${result.reason}`;
}
