import type { AuditEntry } from './audit-entry';
import { describeAuditEntry } from './audit-labels';

const MARY = { id: 'u3', username: 'mwanjiku', name: 'Mary Wanjiku', role: 'admin' } as const;
const BUDGET_ID = 'f4024452-9c1e-4b7a-8d2f-3e6a1b0c9d8e';

function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: 'finance-7',
    at: '2026-11-24T11:03:00.000Z',
    domain: 'finance',
    actor: MARY,
    action: 'create',
    entity: { type: 'budget', id: BUDGET_ID },
    beneficiaryId: null,
    changes: [],
    details: null,
    requestId: null,
    clientIp: null,
    userAgent: null,
    ...fields,
  };
}

describe('describeAuditEntry names records as people read them', () => {
  it('by the name the service gave the record', () => {
    expect(
      describeAuditEntry(entry({ entity: { type: 'budget', id: BUDGET_ID, label: 'Administrative, Term 1 2026' } })),
    ).toBe('Mary Wanjiku (Admin) created budget Administrative, Term 1 2026');
    expect(
      describeAuditEntry(
        entry({
          domain: 'beneficiaries',
          action: 'update',
          entity: { type: 'consent', id: 'KCF-000002:photos_internal', label: 'Photos (internal)' },
          beneficiaryId: 'KCF-000002',
          changes: [{ field: 'state', from: 'granted', to: 'withdrawn' }],
        }),
      ),
    ).toBe(
      'Mary Wanjiku (Admin) changed State from granted to withdrawn on consent Photos (internal) of child KCF-000002',
    );
    expect(
      describeAuditEntry(entry({ action: 'delete', entity: { type: 'expense', id: BUDGET_ID, label: '(deleted)' } })),
    ).toBe('Mary Wanjiku (Admin) deleted expense (deleted)');
  });

  it('never by a UUID: without a name the kind of record alone', () => {
    expect(describeAuditEntry(entry({}))).toBe('Mary Wanjiku (Admin) created budget');
    expect(
      describeAuditEntry(
        entry({
          domain: 'beneficiaries',
          entity: { type: 'household-member', id: BUDGET_ID.toUpperCase() },
          beneficiaryId: 'KCF-000123',
        }),
      ),
    ).toBe('Mary Wanjiku (Admin) created household member of child KCF-000123');
  });

  it('by an id people read (a child, a month), and not twice when the record is the child', () => {
    expect(
      describeAuditEntry(
        entry({ action: 'view', entity: { type: 'beneficiary', id: 'KCF-000123' }, beneficiaryId: 'KCF-000123' }),
      ),
    ).toBe('Mary Wanjiku (Admin) viewed child KCF-000123');
    expect(
      describeAuditEntry(
        entry({ action: 'view', entity: { type: 'photo', id: 'KCF-000123' }, beneficiaryId: 'KCF-000123' }),
      ),
    ).toBe('Mary Wanjiku (Admin) viewed photo of child KCF-000123');
    expect(describeAuditEntry(entry({ action: 'export', entity: { type: 'monthly-report', id: '2026-03' } }))).toBe(
      'Mary Wanjiku (Admin) exported monthly report 2026-03',
    );
  });

  it("a list read as the child's records in the plural", () => {
    const listed = (type: string, details: Record<string, unknown> = { rows: 3 }) =>
      describeAuditEntry(entry({ action: 'view', entity: { type, id: null }, beneficiaryId: 'KCF-000123', details }));
    expect(listed('household-member')).toBe('Mary Wanjiku (Admin) viewed household members of child KCF-000123');
    expect(listed('document')).toBe('Mary Wanjiku (Admin) viewed documents of child KCF-000123');
    expect(listed('consent', { rows: 2, history: true })).toBe(
      'Mary Wanjiku (Admin) viewed consent history of child KCF-000123',
    );
    expect(listed('audit-log', { filters: {}, rows: 10 })).toBe(
      'Mary Wanjiku (Admin) viewed audit log of child KCF-000123',
    );
  });
});
