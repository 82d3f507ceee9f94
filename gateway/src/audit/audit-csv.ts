import { actorLabel, csvLine, describeAuditEntry, fieldLabel, auditValue, type AuditEntry } from '@kcf/contracts';

export const AUDIT_CSV_HEADER = csvLine([
  'When (UTC)',
  'Domain',
  'Who',
  'Username',
  'Role',
  'Action',
  'Entity',
  'Entity ID',
  'Child',
  'What happened',
  'Changes',
  'Details',
  'Request ID',
  'Client address',
  'User agent',
]);

/** One entry as a line of the Audit log's CSV export. */
export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([
    entry.at,
    entry.domain,
    actorLabel(entry),
    entry.actor.username,
    entry.actor.role,
    entry.action,
    entry.entity.type,
    entry.entity.id,
    entry.beneficiaryId,
    describeAuditEntry(entry),
    entry.changes.map((c) => `${fieldLabel(c.field)}: ${auditValue(c.from)} → ${auditValue(c.to)}`).join('; '),
    entry.details ? JSON.stringify(entry.details) : null,
    entry.requestId,
    entry.clientIp,
    entry.userAgent,
  ]);
}
