import type { AuditAction, AuditActor, AuditChange, AuditDomain, AuditEntry } from '@kcf/contracts';
import { sqlLiteral } from '../idempotency/sql-literal';

/** One entry before it takes its place in the chain. */
export interface AuditRow {
  at: Date;
  actor: AuditActor;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  beneficiaryId: string | null;
  changes: AuditChange[];
  details: Record<string, unknown> | null;
  requestId: string | null;
  clientIp: string | null;
  userAgent: string | null;
}

export const AUDIT_COLUMNS =
  'at, actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id, changes, details, request_id, client_ip, user_agent';

/** JSON text PostgreSQL's jsonb accepts: no NUL characters in strings. */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(/\0/g, '') : v));
}

function clean(value: string | null): string | null {
  return value === null ? null : value.replace(/\0/g, '');
}

/** The row's values in AUDIT_COLUMNS order. */
export function auditValues(row: AuditRow): (string | null)[] {
  return [
    row.at.toISOString(),
    clean(row.actor.id),
    clean(row.actor.username),
    clean(row.actor.name),
    row.actor.role,
    row.action,
    row.entityType,
    clean(row.entityId),
    clean(row.beneficiaryId),
    row.changes.length ? jsonText(row.changes) : null,
    row.details ? jsonText(row.details) : null,
    clean(row.requestId),
    clean(row.clientIp),
    clean(row.userAgent),
  ];
}

/** The parameterized INSERT of one row (views and exports, sent on their own). */
export const AUDIT_INSERT_ONE = `INSERT INTO audit_entries (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13, $14)`;

/** The INSERT of `rows` as literals, sent with BEGIN or COMMIT in the same round trip (simple protocol). */
export function auditInsertStatement(rows: AuditRow[]): string {
  const tuples = rows.map((row) => {
    const v = auditValues(row).map(sqlLiteral);
    return `(${v[0]}::timestamptz, ${v.slice(1, 9).join(', ')}, ${v[9]}::jsonb, ${v[10]}::jsonb, ${v.slice(11).join(', ')})`;
  });
  return `INSERT INTO audit_entries (${AUDIT_COLUMNS}) VALUES ${tuples.join(', ')}`;
}

/** The columns a read selects, in the shape `toAuditEntry` takes. */
export const AUDIT_SELECT = `seq::text AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, actor_id, actor_username, actor_name, actor_role,
  action, entity_type, entity_id, beneficiary_id, changes, details, request_id, client_ip, user_agent`;

export interface AuditDbRow {
  seq: string;
  at: string;
  actor_id: string | null;
  actor_username: string | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  beneficiary_id: string | null;
  changes: AuditChange[] | null;
  details: Record<string, unknown> | null;
  request_id: string | null;
  client_ip: string | null;
  user_agent: string | null;
}

export function auditEntryId(domain: AuditDomain, seq: string | number): string {
  return `${domain}-${seq}`;
}

export function toAuditEntry(domain: AuditDomain, row: AuditDbRow): AuditEntry {
  return {
    id: auditEntryId(domain, row.seq),
    at: row.at,
    domain,
    actor: {
      id: row.actor_id,
      username: row.actor_username,
      name: row.actor_name,
      role: row.actor_role as AuditActor['role'],
    },
    action: row.action as AuditAction,
    entity: { type: row.entity_type, id: row.entity_id },
    beneficiaryId: row.beneficiary_id,
    changes: row.changes ?? [],
    details: row.details,
    requestId: row.request_id,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  };
}
