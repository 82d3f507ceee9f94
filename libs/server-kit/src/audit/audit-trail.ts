import type { AuditAction, AuditActor, AuditChange, AuditDomain } from '@kcf/contracts';
import type { Clock } from '../clock/clock';
import { WriteOutsideUnitOfWorkError, type Sql } from '../database/sql';
import type { UnitOfWork } from '../unit-of-work/unit-of-work';
import { changedFields } from './audit-changes';
import { currentAuditRequest, SYSTEM_ACTOR, type AuditRequest } from './audit-request';
import { RecentReads } from './recent-reads';
import { AUDIT_INSERT_ONE, auditInsertStatement, auditValues, type AuditRow } from './audit-rows';

/** What a route says about the record it touched. */
export interface AuditSubject {
  /** e.g. `beneficiary`, `expense`, `user` (see AUDIT_ENTITY_LABELS). */
  entityType: string;
  entityId: string | null;
  /** The child it concerns, when there is one (an expense linked to a child concerns that child). */
  beneficiaryId?: string | null;
  /** Anything else worth keeping: a file's facts, a list's filters and row count. */
  details?: Record<string, unknown> | null;
}

export interface ChangeOptions extends AuditSubject {
  /** Fields left out of the changes (besides secrets and timestamps, always left out). */
  omit?: readonly string[];
}

export interface SecurityEvent {
  action: Extract<
    AuditAction,
    'sign-in' | 'sign-in-failed' | 'lockout' | 'sign-out' | 'session-expired' | 'password-change-completed'
  >;
  /** Who it is about, when the request's own user is not (a sign-in has no session yet). */
  actor?: AuditActor;
  entityId?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * The service's audit trail: what routes call to record who changed or saw what.
 * - Changes (`created`, `updated`, `deleted`, `changed`, `security`) join the current unit of work and are
 *   written with its COMMIT, in the same transaction and round trip: no change without its entry, and no
 *   entry for a change that was not saved. Outside a unit they are refused.
 * - Views and exports (`viewed`, `exported`) are written at once, on their own, and awaited: the answer is
 *   sent only after its entry is committed. They go on `views`, a small pool of their own whose connections
 *   commit without waiting for the disk (synchronous_commit off: a flush costs ~1.3 ms here, more than a
 *   profile read may grow); PostgreSQL writes them out within three wal_writer_delay (0.6 s by default), so a
 *   crash of the database can lose at most that much of them. Changes always wait for the disk with their change.
 * Each entry carries the request's user (as the gateway vouched for it at that moment), request id, client
 * address and user agent; the database puts it into the service's hash chain (CreateAuditTrail).
 * The same user's same view or export within a few seconds is one entry (RecentReads): a browser fetches a
 * download twice when its answer may not be stored.
 * `recording` false (a benchmark's BENCHMARK_WITHOUT_AUDIT only, see auditRecordingOf) records nothing: the
 * same routes, measured without the trail.
 */
export class AuditTrail {
  private readonly recentReads = new RecentReads();

  constructor(
    readonly domain: AuditDomain,
    private readonly uow: UnitOfWork,
    /** The views' own connections (a prepared statement: see AuditModule's views pool). */
    private readonly views: Sql,
    private readonly clock: Clock,
    private readonly recording = true,
  ) {}

  created(after: object, options: ChangeOptions): void {
    this.changed('create', changedFields(null, after as Record<string, unknown>, options.omit), options);
  }

  updated(before: object, after: object, options: ChangeOptions): void {
    this.changed(
      'update',
      changedFields(before as Record<string, unknown>, after as Record<string, unknown>, options.omit),
      options,
    );
  }

  deleted(before: object, options: ChangeOptions): void {
    this.changed('delete', changedFields(before as Record<string, unknown>, null, options.omit), options);
  }

  /** A change described by the route itself (e.g. a recalculation, a password change without values). */
  changed(action: 'create' | 'update' | 'delete', changes: AuditChange[], subject: AuditSubject): void {
    this.join(this.row(action, subject, changes));
  }

  /** A security event of identity: joins the unit (a failed sign-in records it in a unit of its own). */
  security(event: SecurityEvent): void {
    const row = this.row(
      event.action,
      { entityType: 'session', entityId: event.entityId ?? null, details: event.details ?? null },
      [],
    );
    if (event.actor) row.actor = event.actor;
    this.join(row);
  }

  /** Someone saw a record, a list (one entry: its filters and row count) or a file. */
  viewed(subject: AuditSubject): Promise<void> {
    return this.now(this.row('view', subject, []));
  }

  /** Someone took data away: a CSV, a report. */
  exported(subject: AuditSubject): Promise<void> {
    return this.now(this.row('export', subject, []));
  }

  /** An entry for a user other than the request's (the gateway's own export, recorded through identity). */
  async recordFor(request: AuditRequest, action: 'view' | 'export', subject: AuditSubject): Promise<void> {
    await this.now({ ...this.row(action, subject, []), ...requestFields(request) });
  }

  private row(action: AuditAction, subject: AuditSubject, changes: AuditChange[]): AuditRow {
    return {
      at: this.clock.now(),
      action,
      entityType: subject.entityType,
      entityId: subject.entityId,
      beneficiaryId: subject.beneficiaryId ?? null,
      changes,
      details: subject.details ?? null,
      ...requestFields(currentAuditRequest()),
    };
  }

  private join(row: AuditRow): void {
    const rows = this.uow.commitList<AuditRow>('audit', auditInsertStatement);
    if (!rows)
      throw new WriteOutsideUnitOfWorkError(`audit entry ${row.action} ${row.entityType} (no unit of work is open)`);
    if (this.recording) rows.push(row);
  }

  /** Writes a view or export at once, unless the same user's same read was just recorded (RecentReads). */
  private async now(row: AuditRow): Promise<void> {
    if (!this.recording || this.recentReads.repeats(row, performance.now())) return;
    await this.uow.retrying(() => this.views.exec(AUDIT_INSERT_ONE, auditValues(row)));
    this.recentReads.remember(row, performance.now());
  }
}

function requestFields(
  request: AuditRequest | undefined,
): Pick<AuditRow, 'actor' | 'requestId' | 'clientIp' | 'userAgent'> {
  if (!request) return { actor: SYSTEM_ACTOR, requestId: null, clientIp: null, userAgent: null };
  return {
    actor: request.actor,
    requestId: request.requestId,
    clientIp: request.clientIp,
    userAgent: request.userAgent,
  };
}
