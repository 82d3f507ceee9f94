import type { AuditRow } from './audit-rows';
import { READ_REPEAT_MS, RecentReads } from './recent-reads';

const view = (over: Partial<AuditRow> = {}): AuditRow => ({
  at: new Date('2026-11-28T10:00:00Z'),
  actor: { id: 'u-1', username: 'grace', name: 'Grace Tester', role: 'admin' },
  action: 'view',
  entityType: 'document',
  entityId: 'd-1',
  beneficiaryId: 'KCF-000001',
  changes: [],
  details: { name: 'report.pdf' },
  requestId: 'r-1',
  clientIp: null,
  userAgent: null,
  ...over,
});

describe('RecentReads', () => {
  it('takes the same read by the same user within a few seconds as a repeat, whatever its request', () => {
    const reads = new RecentReads();
    expect(reads.repeats(view(), 1000)).toBe(false);
    reads.remember(view(), 1000);
    expect(reads.repeats(view({ requestId: 'r-2' }), 1180)).toBe(true);
    expect(reads.repeats(view(), 1000 + READ_REPEAT_MS)).toBe(false);
  });

  it('never takes another user, record, action or details for a repeat, nor a read not yet recorded', () => {
    const reads = new RecentReads();
    expect(reads.repeats(view(), 1000)).toBe(false);
    expect(reads.repeats(view(), 1001)).toBe(false);
    reads.remember(view(), 1000);
    expect(reads.repeats(view({ actor: { id: 'u-2', username: 'peter', name: 'Peter', role: 'viewer' } }), 1100)).toBe(
      false,
    );
    expect(reads.repeats(view({ entityId: 'd-2' }), 1100)).toBe(false);
    expect(reads.repeats(view({ action: 'export' }), 1100)).toBe(false);
    expect(reads.repeats(view({ details: { name: 'other.pdf' } }), 1100)).toBe(false);
  });

  it('forgets the oldest reads past its size', () => {
    const reads = new RecentReads();
    for (let i = 0; i < 2500; i++) reads.remember(view({ entityId: `d-${i}` }), 1000 + i);
    expect(reads.repeats(view({ entityId: 'd-0' }), 2000)).toBe(false);
    expect(reads.repeats(view({ entityId: 'd-2499' }), 3600)).toBe(true);
  });
});
