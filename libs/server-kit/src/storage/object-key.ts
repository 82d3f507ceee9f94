import { InvalidObjectKeyError } from './storage-errors';

export const OBJECT_KEY_MAX_LENGTH = 512;

/** Segments of lowercase letters, digits, `_`, `.` and `-`, joined by single slashes. */
const KEY_SHAPE = /^[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/;

/**
 * Refuses any key that could name something outside the storage root or that an S3 server and a file
 * system would read differently: only `[a-z0-9/_.-]`, no `..`, no `.` segment, no leading or trailing
 * slash, no empty segment, at most {@link OBJECT_KEY_MAX_LENGTH} characters. Percent signs, backslashes
 * and every other character are outside the alphabet, so encoded traversal (`%2e%2e/`) is refused as is.
 */
export function assertValidObjectKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new InvalidObjectKeyError(key, 'a key must be a string');
  if (key.length === 0) throw new InvalidObjectKeyError(key, 'a key must not be empty');
  if (key.length > OBJECT_KEY_MAX_LENGTH) {
    throw new InvalidObjectKeyError(key, `a key must be at most ${OBJECT_KEY_MAX_LENGTH} characters`);
  }
  if (key.startsWith('/')) throw new InvalidObjectKeyError(key, 'a key must not start with a slash');
  if (!KEY_SHAPE.test(key)) {
    throw new InvalidObjectKeyError(
      key,
      'a key may hold only a-z, 0-9, "_", ".", "-" and single slashes between segments',
    );
  }
  if (key.includes('..')) throw new InvalidObjectKeyError(key, 'a key must not contain ".."');
  if (key.split('/').includes('.')) throw new InvalidObjectKeyError(key, 'a key must not contain a "." segment');
}

export function isValidObjectKey(key: unknown): key is string {
  try {
    assertValidObjectKey(key);
    return true;
  } catch {
    return false;
  }
}
