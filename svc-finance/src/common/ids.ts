import { AppError } from '@kcf/server-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else names no record (404, never a database error). */
export function recordId(value: string): string {
  if (!UUID.test(value)) throw AppError.notFound();
  return value.toLowerCase();
}
