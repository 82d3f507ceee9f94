import { FINANCE_ERRORS } from '../errors/finance-errors';
import { formatFileSize, indefiniteArticle, initials, titleCase } from './text';

describe('titleCase', () => {
  it.each([
    ['school_fees', 'School Fees'],
    ['special_needs', 'Special Needs'],
    ['admin', 'Admin'],
    ['OTHER', 'Other'],
  ])('shows %p as %p', (category, label) => {
    expect(titleCase(category)).toBe(label);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
  ])('shows %i bytes as %p', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('initials', () => {
  it('takes the first and last name', () => {
    expect(initials('Jane Wanjiru Doe')).toBe('JD');
    expect(initials('amani')).toBe('A');
    expect(initials('  ')).toBe('');
  });
});

describe('indefiniteArticle', () => {
  it.each([
    ['Administrative', 'an'],
    ['Other Activities', 'an'],
    ['Health', 'a'],
    ['School Fees', 'a'],
    ['Special Needs', 'a'],
    ['uniform', 'a'],
    ['hour', 'an'],
    ['one-off grant', 'a'],
  ])('chooses the article for %p: %p', (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });

  it('starts a sentence with a capital', () => {
    expect(indefiniteArticle('Administrative', { capital: true })).toBe('An');
    expect(indefiniteArticle('Health', { capital: true })).toBe('A');
  });

  it("words the duplicate budget's message with it", () => {
    const message = (category: 'admin' | 'health' | 'other') =>
      FINANCE_ERRORS.budgetExists.message({ category, quarter: 'Term 1', year: 2026 });
    expect(message('admin')).toBe('An Administrative budget for Term 1 2026 already exists');
    expect(message('other')).toBe('An Other Activities budget for Term 1 2026 already exists');
    expect(message('health')).toBe('A Health budget for Term 1 2026 already exists');
  });
});
