import type { AuditEntry } from '@kcf/contracts';
import { ERASED } from './audit-chain';

/** What a record is, in the fields its entries record (the API's names): a budget's `category`, `quarter`, `year`. */
export type RecordFacts = Record<string, unknown>;

/** The name of a record that no longer exists, when no entry on the page recorded what it was. */
export const DELETED_RECORD = '(deleted)';

/**
 * How a service names the records its audit entries are about, as people read them ("budget Administrative,
 * Term 1 2026"), so that the audit log never shows a record's UUID. A service whose entries name such records
 * provides one (a Nest provider under this class); its reader asks it, when a page is read, for the records on
 * that page, from the service's own tables. Never a child's personal data: a kind, a category, a term, a date.
 */
export abstract class AuditEntityNamer {
  /** The kinds of record (`entity.type`) it names. */
  abstract readonly types: readonly string[];

  /** The facts of each record of `type` among `ids` that still exists, by id (ids it does not know are left out). */
  abstract facts(type: string, ids: readonly string[]): Promise<Map<string, RecordFacts>>;

  /** The record's name from its facts, as they are now or as an entry recorded them; null when they do not name it. */
  abstract label(type: string, id: string, facts: RecordFacts): string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids that are UUIDs (what a `uuid` column can be asked for; an entry's record id may be anything). */
export function uuidsOf(ids: readonly string[]): string[] {
  return ids.filter((id) => UUID.test(id));
}

const keyOf = (type: string, id: string) => `${type}\u0000${id}`;

/**
 * What the page's own entries recorded of each record: a delete entry its last values, a create entry its first
 * (the newest such entry on the page wins).
 */
function recordedFacts(items: readonly AuditEntry[]): Map<string, RecordFacts> {
  const recorded = new Map<string, RecordFacts>();
  for (const entry of items) {
    if (!entry.entity.id || (entry.action !== 'delete' && entry.action !== 'create')) continue;
    const key = keyOf(entry.entity.type, entry.entity.id);
    if (recorded.has(key)) continue;
    const side = entry.action === 'delete' ? 'from' : 'to';
    recorded.set(key, Object.fromEntries(entry.changes.map((change) => [change.field, change[side]])));
  }
  return recorded;
}

/**
 * Gives each entry of `items` whose record `namer` names its `entity.label`: from the record as it is now, else
 * (the record is gone) from what an entry on the page recorded of it, else "(deleted)". An erased record id is
 * left alone.
 */
export async function nameAuditEntities(items: AuditEntry[], namer: AuditEntityNamer): Promise<void> {
  const named = items.filter(
    (entry) => entry.entity.id && entry.entity.id !== ERASED && namer.types.includes(entry.entity.type),
  );
  if (!named.length) return;
  const idsByType = new Map<string, Set<string>>();
  for (const { entity } of named) {
    const ids = idsByType.get(entity.type) ?? new Set<string>();
    ids.add(entity.id!);
    idsByType.set(entity.type, ids);
  }
  const found = new Map(
    await Promise.all([...idsByType].map(async ([type, ids]) => [type, await namer.facts(type, [...ids])] as const)),
  );
  const recorded = recordedFacts(items);
  for (const { entity } of named) {
    const id = entity.id!;
    const now = found.get(entity.type)?.get(id);
    if (now) {
      const label = namer.label(entity.type, id, now);
      if (label) entity.label = label;
      continue;
    }
    const then = recorded.get(keyOf(entity.type, id));
    entity.label = (then && namer.label(entity.type, id, then)) || DELETED_RECORD;
  }
}
