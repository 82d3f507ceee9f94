import { z } from 'zod';
import { textField } from '../common/fields';
import { AUDIT_ACTIONS, AuditActor, AuditEntry } from './audit-entry';

/**
 * What the gateway asks a service for: one page of that service's entries, newest first, before a position
 * (`beforeAt`, `beforeSeq`: entries with (at, seq) < (beforeAt, beforeSeq)), the filters already resolved.
 */
export const InternalAuditQuery = z.object({
  actor: textField('Actor', { trim: false }).max(100).optional(),
  beneficiaryId: textField('Beneficiary', { trim: false }).max(50).optional(),
  entityType: textField('Entity type', { trim: false }).max(60).optional(),
  /** Comma-separated actions (none: all). */
  actions: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(z.enum(AUDIT_ACTIONS)).optional()),
  excludeSecurity: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  from: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  beforeAt: z.iso.datetime({ offset: true }).optional(),
  beforeSeq: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(1000),
});
export type InternalAuditQuery = z.input<typeof InternalAuditQuery>;
export type ParsedInternalAuditQuery = z.output<typeof InternalAuditQuery>;

export const InternalAuditPage = z.object({ items: z.array(AuditEntry) });
export type InternalAuditPage = z.infer<typeof InternalAuditPage>;

/** One service's chain, verified. */
export const InternalAuditVerifyResult = z.object({
  ok: z.boolean(),
  checked: z.number().int().nonnegative(),
  firstBrokenId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type InternalAuditVerifyResult = z.infer<typeof InternalAuditVerifyResult>;

/** An entry the gateway records in identity's trail for the user it acts for (the audit log's own export). */
export const InternalAuditRecordBody = z.object({
  actor: AuditActor,
  action: z.enum(['view', 'export']),
  entityType: textField('Entity type', { trim: false }).min(1).max(60),
  entityId: textField('Entity id', { trim: false }).max(100).nullable(),
  beneficiaryId: textField('Beneficiary', { trim: false }).max(50).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The browser's request as the gateway saw it (a header value may hold a tab). */
  requestId: textField('Request id', { trim: false }).max(100).nullable(),
  clientIp: textField('Client address', { trim: false }).max(100).nullable(),
  userAgent: textField('User agent', { trim: false, lines: 'multi' }).max(200).nullable(),
});
export type InternalAuditRecordBody = z.infer<typeof InternalAuditRecordBody>;

export const InternalAuditRecorded = z.object({ recorded: z.literal(true) });
export type InternalAuditRecorded = z.infer<typeof InternalAuditRecorded>;
