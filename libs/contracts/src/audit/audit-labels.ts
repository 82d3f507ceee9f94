import type { AuditAction, AuditEntry } from './audit-entry';

const ROLE_WORDS: Record<string, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  viewer: 'Viewer',
  beneficiary: 'Beneficiary',
  system: 'System',
};

/** Entity types in words, for the Audit log and the History card. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  beneficiary: 'child',
  'beneficiary-list': 'children list',
  'beneficiary-export': 'children export',
  'household-member': 'household member',
  'school-performance': 'school performance',
  'school-fee': 'school fee',
  'special-need': 'special need',
  document: 'document',
  photo: 'photo',
  'birth-certificate': 'birth certificate',
  gift: 'gift',
  'gift-photo': 'gift photo',
  consent: 'consent',
  income: 'income',
  expense: 'expense',
  receipt: 'receipt',
  budget: 'budget',
  'budget-report': 'budget report',
  'monthly-report': 'monthly report',
  user: 'user',
  password: 'password',
  session: 'session',
  'audit-log': 'audit log',
};

export function entityLabel(type: string): string {
  return AUDIT_ENTITY_LABELS[type] ?? type.replace(/-/g, ' ');
}

/** A child's records read as a list (one entry: its row count), in words: "viewed documents of child KCF-000123". */
const LIST_LABELS: Record<string, string> = {
  'household-member': 'household members',
  'school-performance': 'school performance',
  'school-fee': 'school fees',
  'special-need': 'special needs',
  document: 'documents',
  consent: 'consents',
  gift: 'gifts',
  'data-request': 'data requests',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How the sentence names the entry's record: its kind and the name its service gave it ("budget Administrative,
 * Term 1 2026"), or its id when people read it (a child's KCF id, a month). A UUID is never written: without a
 * name the kind alone stands (the id stays in the entry's details). A list read is its records in the plural.
 */
export function auditRecordWords(entry: Pick<AuditEntry, 'action' | 'entity' | 'beneficiaryId' | 'details'>): string {
  const { type, id, label } = entry.entity;
  const what = entityLabel(type);
  if (id === null && (entry.action === 'view' || entry.action === 'export')) {
    if (type === 'consent' && entry.details?.history === true) return 'consent history';
    return LIST_LABELS[type] ?? what;
  }
  if (label) return `${what} ${label}`;
  if (!id || UUID.test(id) || (id === entry.beneficiaryId && type !== 'beneficiary')) return what;
  return `${what} ${id}`;
}

/** `guardianPhone` → `Guardian phone`. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as the screens write it in a sentence. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function actorLabel(entry: Pick<AuditEntry, 'actor'>): string {
  const { actor } = entry;
  const who = actor.name || actor.username || (actor.role === 'system' ? 'The system' : 'Unknown user');
  const role = actor.role && actor.role !== 'system' ? ` (${ROLE_WORDS[actor.role] ?? actor.role})` : '';
  return `${who}${role}`;
}

const VERBS: Record<AuditAction, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  view: 'viewed',
  export: 'exported',
  'sign-in': 'signed in',
  'sign-in-failed': 'failed to sign in',
  lockout: 'was locked out',
  'sign-out': 'signed out',
  'session-expired': 'was signed out after being idle',
  'password-change-completed': 'set a new password',
};

/**
 * The entry in words, e.g. "Mary Wanjiku (Admin) changed Guardian phone from 0712 345 678 to 0722 345 678 of
 * child KCF-000123". A change of several fields names the first and how many more.
 */
export function describeAuditEntry(
  entry: Pick<AuditEntry, 'actor' | 'action' | 'entity' | 'changes' | 'beneficiaryId' | 'details'>,
): string {
  const who = actorLabel(entry);
  const record = auditRecordWords(entry);
  const child = entry.beneficiaryId && entry.entity.type !== 'beneficiary' ? ` of child ${entry.beneficiaryId}` : '';
  if (entry.action === 'update' && entry.changes.length > 0) {
    const [first, ...rest] = entry.changes;
    const more = rest.length ? ` and ${rest.length} more field${rest.length === 1 ? '' : 's'}` : '';
    return `${who} changed ${fieldLabel(first.field)} from ${auditValue(first.from)} to ${auditValue(first.to)}${more} on ${record}${child}`;
  }
  if (['create', 'update', 'delete', 'view', 'export'].includes(entry.action))
    return `${who} ${VERBS[entry.action]} ${record}${child}`;
  return `${who} ${VERBS[entry.action]}`;
}
