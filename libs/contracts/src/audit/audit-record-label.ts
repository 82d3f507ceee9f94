// The parts services name their records with in the audit log (`entity.label`), without zod: the services
// build labels from their rows, or from the values a delete entry recorded, which may be anything.
import { parseIsoDate, toIsoDate } from '../common/calendar';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

/**
 * A day as the screens write it, "12 Mar 2026", from `YYYY-MM-DD` or a timestamp (its day on the foundation's
 * clock); null for anything else.
 */
export function labelDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let day = value;
  if (TIMESTAMP.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return null;
    day = toIsoDate(instant);
  }
  const date = parseIsoDate(day);
  return date ? `${date.day} ${MONTHS[date.month - 1]} ${date.year}` : null;
}

/** Free text on one line, at most `max` characters (cut with "…"); null when blank or not text. */
export function labelText(value: unknown, max = 40): string | null {
  if (typeof value !== 'string') return null;
  const line = value.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The word a table of labels has for `value`; null when it has none (a value of another time, or "erased"). */
export function labelOf(labels: Record<string, string>, value: unknown): string | null {
  return typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value] : null;
}

/** The parts joined with ", " when every one is there; null when one is missing (the facts do not name the record). */
export function labelParts(...parts: (string | null)[]): string | null {
  return parts.every((part) => part !== null) ? parts.join(', ') : null;
}
