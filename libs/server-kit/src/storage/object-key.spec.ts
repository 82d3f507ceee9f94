import { assertValidObjectKey, isValidObjectKey, OBJECT_KEY_MAX_LENGTH } from './object-key';
import { InvalidObjectKeyError } from './storage-errors';

describe('object keys', () => {
  it.each([
    'a',
    'photo.jpg',
    'documents/kcf-000123/3f2a9c1e-report_card.pdf',
    'receipts/2026/term-1/r_17.png',
    'a'.repeat(OBJECT_KEY_MAX_LENGTH),
  ])('accepts %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
    expect(() => assertValidObjectKey(key)).not.toThrow();
  });

  it.each([
    ['../x', 'climbs out of the root'],
    ['a/../../b', 'climbs out through a middle segment'],
    ['..', 'is the parent folder'],
    ['a/..', 'ends in the parent folder'],
    ['file..pdf', 'holds two dots'],
    ['/abs', 'is absolute'],
    ['/etc/passwd', 'is absolute'],
    ['%2e%2e/x', 'is percent-encoded traversal'],
    ['a%2fb', 'is a percent-encoded slash'],
    ['..%2fx', 'mixes dots and encoding'],
    ['a\\..\\b', 'uses backslashes'],
    ['./x', 'starts with a dot segment'],
    ['a/./b', 'has a dot segment'],
    ['a//b', 'has an empty segment'],
    ['a/', 'ends with a slash'],
    ['', 'is empty'],
    ['Photo.JPG', 'has capitals'],
    ['a b', 'has a space'],
    ['a\u0000b', 'has a NUL byte'],
    ['naïve.txt', 'has a non-ASCII letter'],
    ['a'.repeat(OBJECT_KEY_MAX_LENGTH + 1), 'is too long'],
  ])('refuses %j because it %s', (key) => {
    expect(isValidObjectKey(key)).toBe(false);
    expect(() => assertValidObjectKey(key)).toThrow(InvalidObjectKeyError);
  });

  it('refuses a value that is not a string with the same typed error', () => {
    expect(() => assertValidObjectKey(42)).toThrow(InvalidObjectKeyError);
    expect(() => assertValidObjectKey(undefined)).toThrow(InvalidObjectKeyError);
  });

  it('gives the error a code a filter can map and a readable reason', () => {
    try {
      assertValidObjectKey('../secret');
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidObjectKeyError);
      expect((error as InvalidObjectKeyError).code).toBe('INVALID_OBJECT_KEY');
      expect((error as InvalidObjectKeyError).message).toContain('..');
    }
  });
});
