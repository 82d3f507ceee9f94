import { AUDIT_DOMAINS, AuditQuery, type AuditDomain, type AuditEntry, type InternalAuditQuery } from '@kcf/contracts';
import type { UserContext } from '@kcf/server-kit/http';
import { AuditComposer, auditScopeOf } from './audit-composer';
import { decodeCursor } from './audit-cursor';
import type { AuditSources } from './audit-sources';

/** Each domain's trail in memory, answering as a service's GET /internal/audit does ((at, seq) < bound, newest first). */
function trails(entries: AuditEntry[]): AuditSources & { asked: InternalAuditQuery[] } {
  const asked: InternalAuditQuery[] = [];
  const seq = (e: AuditEntry) => Number(e.id.split('-').pop());
  return {
    asked,
    page: async (domain: AuditDomain, q: InternalAuditQuery) => {
      asked.push(q);
      return entries
        .filter((e) => e.domain === domain)
        .filter(
          (e) =>
            !q.beforeAt ||
            e.at < q.beforeAt ||
            (e.at === q.beforeAt && seq(e) < (q.beforeSeq ?? Number.MAX_SAFE_INTEGER)),
        )
        .sort((a, b) => (a.at === b.at ? seq(b) - seq(a) : a.at < b.at ? 1 : -1))
        .slice(0, Number(q.limit));
    },
    verify: async () => ({ ok: true, checked: 0, firstBrokenId: null, reason: null }),
    record: async () => undefined,
  };
}

function entry(domain: AuditDomain, seq: number, at: string): AuditEntry {
  return {
    id: `${domain}-${seq}`,
    at,
    domain,
    actor: { id: 'u', username: 'u', name: 'U', role: 'admin' },
    action: 'update',
    entity: { type: 'thing', id: String(seq) },
    beneficiaryId: null,
    changes: [],
    details: null,
    requestId: null,
    clientIp: null,
    userAgent: null,
  };
}

// Many entries share an instant, within a domain and across domains: the order must still be total.
const TIMES = ['2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.001Z', '2026-11-24T11:30:00.000Z'];
const ENTRIES = AUDIT_DOMAINS.flatMap((domain, d) =>
  Array.from({ length: 7 }, (_, i) => entry(domain, i + 1, TIMES[Math.min(2, Math.floor((i + d) / 3))])),
);
const superadmin = { role: 'superadmin' } as UserContext;

describe('AuditComposer.page', () => {
  it('merges the domains newest first, and paging with any page size gives the same entries once each', async () => {
    const composer = new AuditComposer(trails(ENTRIES));
    const whole = await composer.page(AuditQuery.parse({ limit: 100 }), auditScopeOf(superadmin, {}));
    expect(whole.items).toHaveLength(ENTRIES.length);
    expect(whole.nextCursor).toBeNull();
    const ats = whole.items.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    for (const limit of [1, 2, 3, 5, 8]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await composer.page(AuditQuery.parse({ limit, cursor }), auditScopeOf(superadmin, {}));
        seen.push(...page.items.map((e) => e.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(whole.items.map((e) => e.id));
    }
  });

  it('asks only the domain filtered on, with the filters and a Nairobi date range', async () => {
    const sources = trails(ENTRIES);
    await new AuditComposer(sources).page(
      AuditQuery.parse({ domain: 'finance', action: 'change', from: '2026-11-24', to: '2026-11-24', actor: 'u' }),
      { excludeSecurity: false },
    );
    expect(sources.asked).toEqual([
      expect.objectContaining({
        actor: 'u',
        actions: 'create,update,delete',
        from: '2026-11-23T21:00:00.000Z',
        until: '2026-11-24T21:00:00.000Z',
        limit: 51,
      }),
    ]);
  });

  it('refuses a cursor it did not make', async () => {
    await expect(
      new AuditComposer(trails(ENTRIES)).page(AuditQuery.parse({ cursor: 'bm90LWEtY3Vyc29y' }), {
        excludeSecurity: false,
      }),
    ).rejects.toThrow('The cursor is not valid');
    expect(decodeCursor('%%%')).toBeNull();
  });
});

describe('auditScopeOf', () => {
  it('gives a superadmin everything, an admin one child without security events, and refuses the rest', () => {
    expect(auditScopeOf(superadmin, {})).toEqual({ excludeSecurity: false });
    expect(auditScopeOf({ role: 'admin' } as UserContext, { beneficiaryId: 'KCF-000001' })).toEqual({
      excludeSecurity: true,
    });
    expect(() => auditScopeOf({ role: 'admin' } as UserContext, {})).toThrow('Forbidden');
    expect(() => auditScopeOf({ role: 'viewer' } as UserContext, { beneficiaryId: 'KCF-000001' })).toThrow('Forbidden');
  });

  it('refuses the admin every erased child\'s history at once (their entries name the child "erased"); the superadmin may', () => {
    for (const beneficiaryId of ['erased', 'ERASED', ' erased']) {
      expect(() => auditScopeOf({ role: 'admin' } as UserContext, { beneficiaryId })).toThrow('Forbidden');
    }
    expect(auditScopeOf(superadmin, { beneficiaryId: 'erased' })).toEqual({ excludeSecurity: false });
  });
});
