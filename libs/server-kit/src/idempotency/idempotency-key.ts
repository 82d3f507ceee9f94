import { createHash } from 'node:crypto';
import { COMMON_ERRORS } from '@kcf/contracts';
import { AppError } from '../errors/app-error';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';

/** A key is 1 to 255 printable ASCII characters, as outside clients are told. */
const KEY = /^[\x20-\x7e]{1,255}$/;

/** The request's key, undefined when it sent none; 400 when it is not a valid key. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !KEY.test(header)) throw AppError.of(COMMON_ERRORS.idempotencyKeyInvalid);
  return header;
}

/** What a key is kept under: the key, for one user, on one route (method and path with its query). */
export interface KeyedRequest {
  /** SHA-256 of user, method, path and key: the record's id. */
  id: string;
  userId: string;
  method: string;
  path: string;
  /** SHA-256 of the request's content (see requestFingerprint). */
  fingerprint: string;
}

export function keyedRequest(
  key: string,
  userId: string,
  method: string,
  path: string,
  fingerprint: string,
): KeyedRequest {
  const id = createHash('sha256').update(`${userId}\n${method}\n${path}\n${key}`).digest('hex');
  return { id, userId, method, path, fingerprint };
}
