import { labelDay, labelOf, labelParts, labelText } from './audit-record-label';

describe("the parts of a record's name in the audit log", () => {
  it('writes a day as the screens do, a timestamp on the foundation clock', () => {
    expect(labelDay('2026-03-12')).toBe('12 Mar 2026');
    expect(labelDay('2026-12-31T22:30:00.000Z')).toBe('1 Jan 2027');
    expect(labelDay('2026-02-30')).toBeNull();
    expect(labelDay('erased')).toBeNull();
    expect(labelDay(20260312)).toBeNull();
  });

  it('cuts free text to one short line', () => {
    expect(labelText('  Rotary\n Club  of Kakamega ')).toBe('Rotary Club of Kakamega');
    expect(labelText('A'.repeat(60), 10)).toBe(`${'A'.repeat(9)}…`);
    expect(labelText('   ')).toBeNull();
    expect(labelText(null)).toBeNull();
  });

  it('takes a word from a table only for a value it has, and a name only when every part is there', () => {
    const words = { admin: 'Administrative' };
    expect(labelOf(words, 'admin')).toBe('Administrative');
    expect(labelOf(words, 'erased')).toBeNull();
    expect(labelOf(words, 'toString')).toBeNull();
    expect(labelParts('Administrative', 'Term 1 2026')).toBe('Administrative, Term 1 2026');
    expect(labelParts('Administrative', null)).toBeNull();
  });
});
