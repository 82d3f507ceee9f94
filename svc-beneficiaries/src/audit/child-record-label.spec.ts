import { childRecordLabel, consentPurposeOf } from './child-record-label';

describe("a child's record named in the audit log", () => {
  it('a gift and its photo by type and date, a consent by purpose, a document by type', () => {
    expect(
      childRecordLabel('gift', {
        giftType: 'christmas',
        dateGiven: '2026-12-12',
        amount: '1500.00',
        contents: 'Shoes',
      }),
    ).toBe('Christmas, 12 Dec 2026');
    expect(childRecordLabel('gift-photo', { giftType: 'special', dateGiven: '2026-03-01' })).toBe(
      'Special, 1 Mar 2026',
    );
    expect(childRecordLabel('consent', { purpose: consentPurposeOf('KCF-000002:photos_internal') })).toBe(
      'Photos (internal)',
    );
    expect(childRecordLabel('document', { documentType: 'academic', originalName: 'Neema report.pdf' })).toBe(
      'Academic',
    );
  });

  it('school records by subject and term, or term and year', () => {
    expect(childRecordLabel('school-performance', { subject: 'Mathematics', term: 'Term 1', grade: 'A' })).toBe(
      'Mathematics, Term 1',
    );
    expect(childRecordLabel('school-fee', { term: 'Term 2', year: 2026, amount: '12000.00' })).toBe('Term 2 2026');
  });

  it('nothing when the facts do not say, and nothing for records that would speak of the child', () => {
    expect(childRecordLabel('gift', { giftType: 'erased', dateGiven: 'erased' })).toBeNull();
    expect(childRecordLabel('consent', { purpose: 'erased' })).toBeNull();
    expect(childRecordLabel('household-member', { relationship: 'Mother', fullName: 'Rose Atieno' })).toBeNull();
    expect(childRecordLabel('special-need', { category: 'health', description: 'Asthma' })).toBeNull();
  });
});
