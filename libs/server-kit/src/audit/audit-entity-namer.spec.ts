import type { AuditEntry } from '@kcf/contracts';
import { AuditEntityNamer, nameAuditEntities, uuidsOf, type RecordFacts } from './audit-entity-namer';

const KEPT = '0e9d7c5b-3a1f-4e2d-8b6c-4f2a1e9d7c5b';
const GONE = '5b1e0c2d-7a3f-4d9e-9c21-8f6a4b3e2d10';
const GONE_TOO = '7c2e9a41-5b3d-4f6e-a8c1-2d9b7e4f6a30';

/** Budgets as a service's table holds them: only KEPT still exists. */
class BudgetNamer extends AuditEntityNamer {
  readonly types = ['budget'];
  readonly asked: string[][] = [];

  async facts(_type: string, ids: readonly string[]): Promise<Map<string, RecordFacts>> {
    this.asked.push([...ids]);
    return new Map(
      ids.filter((id) => id === KEPT).map((id) => [id, { category: 'admin', quarter: 'Term 1', year: 2026 }]),
    );
  }

  label(_type: string, _id: string, facts: RecordFacts): string | null {
    return typeof facts.category === 'string' && facts.category !== 'erased'
      ? `${facts.category}, ${String(facts.quarter)} ${String(facts.year)}`
      : null;
  }
}

let seq = 0;
function entry(fields: Partial<AuditEntry>): AuditEntry {
  seq += 1;
  return {
    id: `finance-${seq}`,
    at: '2026-11-24T11:03:00.000Z',
    domain: 'finance',
    actor: { id: 'u3', username: 'mwanjiku', name: 'Mary Wanjiku', role: 'admin' },
    action: 'update',
    entity: { type: 'budget', id: KEPT },
    beneficiaryId: null,
    changes: [],
    details: null,
    requestId: null,
    clientIp: null,
    userAgent: null,
    ...fields,
  };
}

describe('nameAuditEntities', () => {
  it('names a record that exists from its row, asking once per kind for the ids on the page', async () => {
    const namer = new BudgetNamer();
    const items = [entry({}), entry({ action: 'create' }), entry({ entity: { type: 'expense', id: KEPT } })];
    await nameAuditEntities(items, namer);
    expect(items.map((e) => e.entity.label)).toEqual(['admin, Term 1 2026', 'admin, Term 1 2026', undefined]);
    expect(namer.asked).toEqual([[KEPT]]);
  });

  it("names a record that is gone from its delete entry's last values on the page, else says it was deleted", async () => {
    const deleted = entry({
      action: 'delete',
      entity: { type: 'budget', id: GONE },
      changes: [
        { field: 'category', from: 'health', to: null },
        { field: 'quarter', from: 'Term 2', to: null },
        { field: 'year', from: 2025, to: null },
      ],
    });
    const earlier = entry({
      entity: { type: 'budget', id: GONE },
      changes: [{ field: 'plannedAmount', from: '10.00', to: '20.00' }],
    });
    const unknown = entry({ entity: { type: 'budget', id: GONE_TOO } });
    const items = [deleted, earlier, unknown];
    await nameAuditEntities(items, new BudgetNamer());
    expect(items.map((e) => e.entity.label)).toEqual(['health, Term 2 2025', 'health, Term 2 2025', '(deleted)']);
  });

  it('says "(deleted)" when what was recorded was erased, and leaves erased ids and lists alone', async () => {
    const erased = entry({
      action: 'delete',
      entity: { type: 'budget', id: GONE },
      changes: [{ field: 'category', from: 'erased', to: 'erased' }],
    });
    const erasedId = entry({ entity: { type: 'budget', id: 'erased' } });
    const list = entry({ action: 'view', entity: { type: 'budget', id: null } });
    const namer = new BudgetNamer();
    const items = [erased, erasedId, list];
    await nameAuditEntities(items, namer);
    expect(items.map((e) => e.entity.label)).toEqual(['(deleted)', undefined, undefined]);
    expect(namer.asked).toEqual([[GONE]]);
  });

  it('keeps only UUIDs for a uuid column', () => {
    expect(uuidsOf([KEPT, 'erased', 'KCF-000123', KEPT.toUpperCase()])).toEqual([KEPT, KEPT.toUpperCase()]);
  });
});
