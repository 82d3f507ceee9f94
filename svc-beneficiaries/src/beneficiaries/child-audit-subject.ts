import type { AuditSubject } from '@kcf/server-kit';

/** A child in the audit trail: the entity and the child it concerns are the same. */
export function childSubject(id: string, details?: Record<string, unknown>): AuditSubject {
  return { entityType: 'beneficiary', entityId: id, beneficiaryId: id, details };
}
