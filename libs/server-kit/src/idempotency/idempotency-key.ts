import { createHash } from 'node:crypto';
import { AppError } from '../errors/app-error';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';

/** 1 to 255 printable ASCII characters (api-contract.md, "Writes that can be retried"). */
const KEY = /^[\x20-\x7e]{1,255}$/;

export const INVALID_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 printable ASCII characters';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed';

/** The request's key, undefined when it sent none; 400 when it is not a valid key. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !KEY.test(header)) throw new AppError('BAD_REQUEST', INVALID_KEY_MESSAGE);
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

export function keyedRequest(key: string, userId: string, method: string, path: string, fingerprint: string): KeyedRequest {
  const id = createHash('sha256').update(`${userId}\n${method}\n${path}\n${key}`).digest('hex');
  return { id, userId, method, path, fingerprint };
}
