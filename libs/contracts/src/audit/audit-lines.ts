import type { AuditEntry } from './audit-entry';
import { actorLabel, auditRecordWords, describeAuditEntry } from './audit-labels';

/** Views of one child by one person this close together (from the newest) are one visit of its page. */
export const VIEW_GROUP_WINDOW_MS = 60_000;
/** How many of a visit's records its line names before "and N more". */
const NAMED_PARTS = 3;

/**
 * One line of the History card or the Audit log: an entry, or a visit of a child's page (its views, each an
 * entry). `entries` newest first; the line has the newest one's id and time.
 */
export interface AuditLine {
  id: string;
  at: string;
  entries: AuditEntry[];
}

function joins(line: AuditLine, entry: AuditEntry, windowMs: number): boolean {
  const newest = line.entries[0];
  return (
    entry.action === 'view' &&
    newest.action === 'view' &&
    entry.actor.id !== null &&
    entry.actor.id === newest.actor.id &&
    entry.beneficiaryId !== null &&
    entry.beneficiaryId === newest.beneficiaryId &&
    Date.parse(newest.at) - Date.parse(entry.at) <= windowMs
  );
}

/**
 * The entries (newest first) as people read them: consecutive views of the same child by the same person within
 * `windowMs` of the newest are one line (opening a child's page reads its profile, household, school, documents…
 * each with its own entry); every other entry is a line of its own.
 */
export function groupAuditLines(entries: readonly AuditEntry[], windowMs = VIEW_GROUP_WINDOW_MS): AuditLine[] {
  const lines: AuditLine[] = [];
  for (const entry of entries) {
    const last = lines[lines.length - 1];
    if (last && joins(last, entry, windowMs)) last.entries.push(entry);
    else lines.push({ id: entry.id, at: entry.at, entries: [entry] });
  }
  return lines;
}

const PROFILE = 'the profile';

/** What one view of a visit read: "the profile", "documents", "document Academic". */
function viewedPart(entry: AuditEntry): string {
  return entry.entity.type === 'beneficiary' ? PROFILE : auditRecordWords(entry);
}

/** "a", "a and b", "a, b and c", "a, b, c and 2 more". */
function listed(parts: string[]): string {
  if (parts.length <= NAMED_PARTS)
    return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${parts.slice(0, NAMED_PARTS).join(', ')} and ${parts.length - NAMED_PARTS} more`;
}

/**
 * A line in words: an entry's sentence (describeAuditEntry), or a visit's, naming what it read in the order it
 * read them, e.g. "Mary Wanjiku (Admin) viewed the profile of child KCF-000123: household members, school
 * performance, documents and 3 more".
 */
export function describeAuditLine(line: AuditLine): string {
  const newest = line.entries[0];
  if (line.entries.length === 1) return describeAuditEntry(newest);
  const parts = [...new Set([...line.entries].reverse().map(viewedPart))];
  const who = actorLabel(newest);
  const child = `child ${newest.beneficiaryId}`;
  if (!parts.includes(PROFILE)) return `${who} viewed ${listed(parts)} of ${child}`;
  const rest = parts.filter((part) => part !== PROFILE);
  return `${who} viewed the profile of ${child}${rest.length ? `: ${listed(rest)}` : ''}`;
}
