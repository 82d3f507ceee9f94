import type { AuditEntry } from './audit-entry';
import { describeAuditLine, groupAuditLines } from './audit-lines';

const MARY = { id: 'u3', username: 'mwanjiku', name: 'Mary Wanjiku', role: 'admin' } as const;
const JOHN = { id: 'u4', username: 'okoth', name: 'John Okoth', role: 'superadmin' } as const;

let seq = 100;
/** An entry `secondsAgo` before 14:03:00 on 24 Nov 2026 (Nairobi). */
function entry(secondsAgo: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  seq -= 1;
  return {
    id: `beneficiaries-${seq}`,
    at: new Date(Date.parse('2026-11-24T11:03:00.000Z') - secondsAgo * 1000).toISOString(),
    domain: 'beneficiaries',
    actor: MARY,
    action: 'view',
    entity: { type: 'beneficiary', id: 'KCF-000123' },
    beneficiaryId: 'KCF-000123',
    changes: [],
    details: null,
    requestId: null,
    clientIp: null,
    userAgent: null,
    ...fields,
  };
}
const list = (type: string, secondsAgo: number, fields: Partial<AuditEntry> = {}) =>
  entry(secondsAgo, { entity: { type, id: null }, details: { rows: 2 }, ...fields });

/** A child's page opened: what it reads, newest first (the profile was asked first). */
function pageVisit(secondsAgo = 0): AuditEntry[] {
  return [
    list('document', secondsAgo),
    list('special-need', secondsAgo + 0.1),
    list('school-fee', secondsAgo + 0.2),
    list('school-performance', secondsAgo + 0.3),
    list('household-member', secondsAgo + 0.4),
    list('consent', secondsAgo + 0.5),
    entry(secondsAgo + 0.6),
  ];
}

describe('groupAuditLines', () => {
  it("makes one line of a page's views, with the newest entry's id and time, every view kept newest first", () => {
    const visit = pageVisit();
    const lines = groupAuditLines(visit);
    expect(lines).toHaveLength(1);
    expect(lines[0].id).toBe(visit[0].id);
    expect(lines[0].at).toBe(visit[0].at);
    expect(lines[0].entries).toEqual(visit);
  });

  it('keeps a change, an export, another person, another child and a view after the window on lines of their own', () => {
    const change = entry(10, {
      action: 'update',
      changes: [{ field: 'guardianPhone', from: '+254712345678', to: '+254722345678' }],
    });
    const entries = [
      entry(0),
      list('document', 5),
      change,
      list('document', 20),
      entry(21, { actor: JOHN }),
      entry(22, { beneficiaryId: 'KCF-000124', entity: { type: 'beneficiary', id: 'KCF-000124' } }),
      entry(23, { action: 'export', entity: { type: 'data-request', id: null } }),
      list('gift', 24),
      list('consent', 24 + 61),
    ];
    expect(groupAuditLines(entries).map((line) => line.entries.map((e) => entries.indexOf(e)))).toEqual([
      [0, 1],
      [2],
      [3],
      [4],
      [5],
      [6],
      [7],
      [8],
    ]);
  });

  it('measures the window from the newest view of the line, not from view to view', () => {
    const entries = [entry(0), list('document', 40), list('consent', 80)];
    expect(groupAuditLines(entries).map((line) => line.entries.length)).toEqual([2, 1]);
    expect(groupAuditLines(entries, 90_000).map((line) => line.entries.length)).toEqual([3]);
  });

  it('never joins views without a person or without a child', () => {
    const system = { id: null, username: null, name: null, role: 'system' } as const;
    expect(groupAuditLines([entry(0, { actor: system }), entry(1, { actor: system })])).toHaveLength(2);
    const lists = [
      list('beneficiary-list', 0, { beneficiaryId: null }),
      list('beneficiary-list', 1, { beneficiaryId: null }),
    ];
    expect(groupAuditLines(lists)).toHaveLength(2);
  });
});

describe('describeAuditLine', () => {
  it('names the profile and then what else the visit read, in the order it read them, the rest counted', () => {
    const [line] = groupAuditLines(pageVisit());
    expect(describeAuditLine(line)).toBe(
      'Mary Wanjiku (Admin) viewed the profile of child KCF-000123: consents, household members, school performance and 3 more',
    );
  });

  it('names every part when there are three or fewer, each once', () => {
    const [line] = groupAuditLines([list('document', 0), list('school-fee', 1), list('document', 2), entry(3)]);
    expect(describeAuditLine(line)).toBe(
      'Mary Wanjiku (Admin) viewed the profile of child KCF-000123: documents and school fees',
    );
    const [again] = groupAuditLines([entry(0), entry(30)]);
    expect(describeAuditLine(again)).toBe('Mary Wanjiku (Admin) viewed the profile of child KCF-000123');
  });

  it('names each record a visit without the profile read, by the name its service gave it', () => {
    const download = entry(0, {
      entity: { type: 'document', id: 'f4024452-9c1e-4b7a-8d2f-3e6a1b0c9d8e', label: 'Academic' },
    });
    const [line] = groupAuditLines([
      download,
      entry(1, { entity: { type: 'photo', id: 'KCF-000123' } }),
      list('audit-log', 2, { details: { filters: {}, rows: 9 } }),
    ]);
    expect(describeAuditLine(line)).toBe(
      'Mary Wanjiku (Admin) viewed audit log, photo and document Academic of child KCF-000123',
    );
  });

  it("is the entry's own sentence for a line of one entry", () => {
    const [line] = groupAuditLines([
      entry(0, {
        action: 'update',
        changes: [{ field: 'schoolName', from: 'Malava Primary', to: 'Kakamega Primary' }],
      }),
    ]);
    expect(describeAuditLine(line)).toBe(
      'Mary Wanjiku (Admin) changed School name from Malava Primary to Kakamega Primary on child KCF-000123',
    );
  });
});
