import {
  actionsOfFilter,
  AUDIT_DOMAINS,
  COMMON_ERRORS,
  isBeneficiaryId,
  type AuditDomain,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditVerifyResult,
  type InternalAuditQuery,
} from '@kcf/contracts';
import { AppError, type UserContext } from '@kcf/server-kit/http';
import { boundFor, compareNewestFirst, cursorOf, decodeCursor, encodeCursor, type AuditCursor } from './audit-cursor';
import type { AuditSources } from './audit-sources';

/** The foundation's day starts at midnight in Nairobi (UTC+3, no daylight saving). */
const NAIROBI_OFFSET = '+03:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a reader may see: a superadmin everything; an admin one child's history, without security events. The
 * admin's `beneficiaryId` must name one child: an erased child's entries name it "erased", so that value (or
 * anything else that is no child's id) would be every erased child's history at once.
 */
export interface AuditScope {
  excludeSecurity: boolean;
}

export function auditScopeOf(user: UserContext, query: Pick<AuditQuery, 'beneficiaryId'>): AuditScope {
  if (user.role === 'superadmin') return { excludeSecurity: false };
  if (user.role === 'admin' && query.beneficiaryId && isBeneficiaryId(query.beneficiaryId))
    return { excludeSecurity: true };
  throw AppError.of(COMMON_ERRORS.forbidden);
}

/**
 * The audit log across the domains: each service keeps its own trail; a page asks every domain in the
 * filter for the page's size after the cursor, at once, and merges them newest first. A domain that does
 * not answer fails the page (502 naming it): a reviewer must not get a silently partial history.
 */
export class AuditComposer {
  constructor(private readonly sources: AuditSources) {}

  async page(query: AuditQuery, scope: AuditScope): Promise<AuditPage> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    if (query.cursor && !cursor) throw AppError.of(COMMON_ERRORS.badRequest, { message: 'The cursor is not valid' });
    const { items, more } = await this.merged(query, scope, cursor, query.limit);
    return { items, nextCursor: more && items.length ? encodeCursor(cursorOf(items[items.length - 1])) : null };
  }

  /** Every entry the filters select, newest first, a page at a time (the CSV export). */
  async *all(query: AuditQuery, scope: AuditScope, pageSize = 500): AsyncGenerator<AuditEntry[]> {
    let cursor: AuditCursor | null = null;
    for (;;) {
      const { items, more } = await this.merged(query, scope, cursor, pageSize);
      if (items.length) yield items;
      if (!more || !items.length) return;
      cursor = cursorOf(items[items.length - 1]);
    }
  }

  /** Every domain's chain; the first broken one is named. */
  async verify(): Promise<AuditVerifyResult> {
    const results = await Promise.all(
      AUDIT_DOMAINS.map(async (domain) => ({ domain, result: await this.sources.verify(domain) })),
    );
    const checked = results.reduce((sum, r) => sum + r.result.checked, 0);
    const broken = results.find((r) => !r.result.ok);
    if (!broken) return { ok: true, checked };
    return {
      ok: false,
      domain: broken.domain,
      firstBrokenId: broken.result.firstBrokenId ?? '',
      reason: broken.result.reason ?? 'The chain does not hold',
      checked,
    };
  }

  private async merged(
    query: AuditQuery,
    scope: AuditScope,
    cursor: AuditCursor | null,
    limit: number,
  ): Promise<{ items: AuditEntry[]; more: boolean }> {
    const domains: readonly AuditDomain[] = query.domain ? [query.domain] : AUDIT_DOMAINS;
    const base = toInternal(query, scope, limit + 1);
    const pages = await Promise.all(
      domains.map((domain) => this.sources.page(domain, { ...base, ...boundFor(domain, cursor) })),
    );
    const all = pages.flat().sort(compareNewestFirst);
    return { items: all.slice(0, limit), more: all.length > limit };
  }
}

function toInternal(query: AuditQuery, scope: AuditScope, limit: number): InternalAuditQuery {
  const actions = actionsOfFilter(query.action);
  return {
    actor: query.actor,
    beneficiaryId: query.beneficiaryId,
    entityType: query.entityType,
    actions: actions ? actions.join(',') : undefined,
    excludeSecurity: scope.excludeSecurity ? 'true' : undefined,
    from: query.from ? new Date(`${query.from}T00:00:00${NAIROBI_OFFSET}`).toISOString() : undefined,
    until: query.to
      ? new Date(new Date(`${query.to}T00:00:00${NAIROBI_OFFSET}`).getTime() + DAY_MS).toISOString()
      : undefined,
    limit,
  };
}
