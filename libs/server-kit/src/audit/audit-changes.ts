import type { AuditChange } from '@kcf/contracts';

/**
 * Fields never written into the trail, whatever the object: passwords and their hashes, tokens, secrets, and
 * bookkeeping that changes on every write. (`mustChangePassword` is a flag, not a secret: it is kept.)
 */
const NEVER = /^(new|current|old|temporary)?password$|hash|token|secret|^updatedAt$|^createdAt$/i;

type Fields = Record<string, unknown> | null | undefined;

function comparable(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/**
 * The fields that differ between `before` and `after` (either may be null: a create lists every field
 * from null, a delete every field to null), in the order of their keys, minus `omit` and secrets.
 * Nested values (objects, arrays) are compared and recorded whole.
 */
export function changedFields(before: Fields, after: Fields, omit: readonly string[] = []): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (NEVER.test(field) || omit.includes(field)) continue;
    const from = before ? (before[field] ?? null) : null;
    const to = after ? (after[field] ?? null) : null;
    if (comparable(from) !== comparable(to)) changes.push({ field, from, to });
  }
  return changes;
}
