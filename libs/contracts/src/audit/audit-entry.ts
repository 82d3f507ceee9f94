import { z } from 'zod';
import { blankAs, textField } from '../common/fields';
import { IsoDate } from '../common/dates';
import { ROLES } from '../auth/access';

/** The domains that keep an audit trail, each in its own service's database. */
export const AUDIT_DOMAINS = ['identity', 'beneficiaries', 'finance'] as const;
export type AuditDomain = (typeof AUDIT_DOMAINS)[number];

/** Changes to a record. */
export const CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
/** Security events of identity. */
export const SECURITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'lockout',
  'sign-out',
  'session-expired',
  'password-change-completed',
] as const;
export const AUDIT_ACTIONS = [...CHANGE_ACTIONS, 'view', 'export', ...SECURITY_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the Audit log's "action" filter offers: every change, every view, every export, every security event. */
export const AUDIT_ACTION_GROUPS = ['change', 'view', 'export', 'security'] as const;
export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number];

/** The actions a group stands for. */
export function actionsOfGroup(group: AuditActionGroup): readonly AuditAction[] {
  if (group === 'change') return CHANGE_ACTIONS;
  if (group === 'security') return SECURITY_ACTIONS;
  return [group];
}

export function isSecurityAction(action: string): boolean {
  return (SECURITY_ACTIONS as readonly string[]).includes(action);
}

/** One changed field: its value before and after (null when there was none). */
export const AuditChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type AuditChange = z.infer<typeof AuditChange>;

/** Who did it, as they were at that moment. `system` for the product's own work (events, start-up). */
export const AuditActor = z.object({
  id: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  role: z.enum([...ROLES, 'system']).nullable(),
});
export type AuditActor = z.infer<typeof AuditActor>;

/** One entry of the trail, as the API answers it. `id` is `<domain>-<position in its chain>`. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  domain: z.enum(AUDIT_DOMAINS),
  actor: AuditActor,
  action: z.enum(AUDIT_ACTIONS),
  /**
   * The record: its kind, its id, and (optional) how people name it, e.g. "Administrative, Term 1 2026" for a budget,
   * "(deleted)" for one that is gone: the owning service names it when the entry is read, never from a child's
   * personal data.
   */
  entity: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().optional() }),
  beneficiaryId: z.string().nullable(),
  changes: z.array(AuditChange),
  /** What else the entry says: a list's filters and row count, a file's name, type, size and SHA-256. */
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankAs(undefined),
    textField(label).min(1).max(max, `${label} must be ${max} characters or less`).optional(),
  );

/** `GET /api/audit` (and its CSV export): every filter optional, newest first. */
export const AuditQuery = z.object({
  actor: optionalText('Actor', 100),
  beneficiaryId: optionalText('Beneficiary', 50),
  domain: z.preprocess(blankAs(undefined), z.enum(AUDIT_DOMAINS, { error: 'Unknown domain' }).optional()),
  entityType: optionalText('Entity type', 60),
  /** A single action (`update`, `sign-in`, ...) or a group (`change`, `view`, `export`, `security`). */
  action: z.preprocess(
    blankAs(undefined),
    z
      .enum([...AUDIT_ACTIONS, ...AUDIT_ACTION_GROUPS.filter((g) => g !== 'view' && g !== 'export')], {
        error: 'Unknown action',
      })
      .optional(),
  ),
  from: z.preprocess(blankAs(undefined), IsoDate.optional()),
  to: z.preprocess(blankAs(undefined), IsoDate.optional()),
  limit: z.preprocess(
    blankAs(undefined),
    z.coerce
      .number({ error: 'Limit must be a whole number' })
      .int('Limit must be a whole number')
      .min(1, `Limit must be between 1 and ${AUDIT_PAGE_MAX}`)
      .max(AUDIT_PAGE_MAX, `Limit must be between 1 and ${AUDIT_PAGE_MAX}`)
      .default(AUDIT_PAGE_DEFAULT),
  ),
  cursor: optionalText('Cursor', 300),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The actions an `action` filter stands for (undefined: all). */
export function actionsOfFilter(action: AuditQuery['action']): readonly AuditAction[] | undefined {
  if (action === undefined) return undefined;
  if ((AUDIT_ACTION_GROUPS as readonly string[]).includes(action)) return actionsOfGroup(action as AuditActionGroup);
  return [action as AuditAction];
}

export const AuditVerifyResult = z.union([
  z.object({ ok: z.literal(true), checked: z.number().int().nonnegative() }),
  z.object({
    ok: z.literal(false),
    domain: z.enum(AUDIT_DOMAINS),
    firstBrokenId: z.string(),
    reason: z.string(),
    checked: z.number().int().nonnegative(),
  }),
]);
export type AuditVerifyResult = z.infer<typeof AuditVerifyResult>;
