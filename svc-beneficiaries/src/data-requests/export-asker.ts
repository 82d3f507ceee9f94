import type { AuditEntry } from '@kcf/contracts';

/** Who asked for an export: the user, and its role when it asked (null: not kept, for a request made before roles were). */
export interface ExportAsker {
  userId: string;
  role: string | null;
}

const STAFF_ROLES: ReadonlySet<string> = new Set(['superadmin', 'admin', 'viewer']);

/**
 * The audit entries as the asker's export shows them. Staff see them whole. Anyone else (the guardian's own
 * account, or an asker whose role is not known) sees who acted by role only, except its own entries, and no
 * client address or user agent at all: the trail answers what was done with the child's data and when, not who
 * the staff are or where they work from.
 */
export function auditAsSeenBy(asker: ExportAsker, entries: AuditEntry[]): AuditEntry[] {
  if (asker.role !== null && STAFF_ROLES.has(asker.role)) return entries;
  return entries.map((entry) => ({
    ...entry,
    actor:
      entry.actor.id === asker.userId ? entry.actor : { id: null, username: null, name: null, role: entry.actor.role },
    clientIp: null,
    userAgent: null,
  }));
}
