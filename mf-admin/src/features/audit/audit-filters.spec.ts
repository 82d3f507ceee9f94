import { AUDIT_ACTION_GROUPS, AUDIT_DOMAINS, AUDIT_ENTITY_LABELS } from '@kcf/contracts';
import { ACTION_GROUPS, auditParams, DOMAINS, ENTITY_TYPE_LABELS, filtersOf, NO_FILTERS } from './audit-filters';

describe('the Audit log filters', () => {
  it("offer the contracts' domains, action groups and entity types", () => {
    expect(DOMAINS).toEqual(AUDIT_DOMAINS);
    expect(ACTION_GROUPS).toEqual(AUDIT_ACTION_GROUPS);
    expect(Object.keys(ENTITY_TYPE_LABELS)).toEqual(Object.keys(AUDIT_ENTITY_LABELS));
    expect(ENTITY_TYPE_LABELS['birth-certificate']).toBe('Birth certificate');
    expect(ENTITY_TYPE_LABELS.beneficiary).toBe('Child');
  });
});

describe('the Audit log filters in the address', () => {
  it('reads the known filters and leaves out unknown values', () => {
    const values = {
      actor: 'u3',
      beneficiaryId: 'kcf-000123',
      domain: 'finance',
      entityType: 'expense',
      action: 'security',
      from: '2026-11-01',
      to: '2026-11-30',
    };
    expect(filtersOf(values)).toEqual({
      actor: 'u3',
      beneficiaryId: 'KCF-000123',
      domain: 'finance',
      entityType: 'expense',
      action: 'security',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(
      filtersOf({ domain: 'hr', entityType: 'spaceship', action: 'teleport', from: 'yesterday', to: '2026-13' }),
    ).toEqual(NO_FILTERS);
  });

  it('asks for only the filters that are set, in the names the API uses', () => {
    const filters = { ...NO_FILTERS, actor: 'u3', action: 'change' };
    expect(auditParams(filters)).toEqual({ actor: 'u3', action: 'change' });
    expect(auditParams(NO_FILTERS)).toEqual({});
  });
});
