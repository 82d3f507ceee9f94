import { formatFileSize, initials, titleCase } from './text';

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
