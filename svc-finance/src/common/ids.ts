import { COMMON_ERRORS } from '@kcf/contracts';
import { commonError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404: no such record. */
export function notFound(): never {
  throw commonError(COMMON_ERRORS.notFound);
}

/** Record ids are UUIDs; anything else names no record (404, never a database error). */
export function recordId(value: string): string {
  if (!UUID.test(value)) notFound();
  return value.toLowerCase();
}
