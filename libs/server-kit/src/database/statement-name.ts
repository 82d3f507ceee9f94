import { createHash } from 'node:crypto';

/** A statement's name: a digest of its text, so the same text is the same statement on every connection. */
export function statementName(sql: string): string {
  return `kcf_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}
