import { CATEGORY_LABELS, labelDay, labelOf, labelParts, labelText, TERMS } from '@kcf/contracts';
import type { RecordFacts } from '@kcf/server-kit';

const TERM_WORDS: Record<string, string> = Object.fromEntries(TERMS.map((term) => [term, term]));

/** "Term 1 2026" */
function termOf(facts: RecordFacts): string | null {
  const term = labelOf(TERM_WORDS, facts.quarter);
  return term && Number.isInteger(facts.year) ? `${term} ${String(facts.year)}` : null;
}

/**
 * A finance record's name in the audit log: a budget by its category, term and year ("Administrative, Term 1
 * 2026"), an income by its source and date ("Rotary Club, 10 Jan 2026"), an expense (and its receipt) by its
 * category and date ("Health, 11 Jan 2026"). Null when the facts do not say (values erased, or of another kind).
 */
export function financeRecordLabel(type: string, facts: RecordFacts): string | null {
  switch (type) {
    case 'budget':
      return labelParts(labelOf(CATEGORY_LABELS, facts.category), termOf(facts));
    case 'income':
      return labelParts(labelText(facts.source), labelDay(facts.date));
    case 'expense':
    case 'receipt':
      return labelParts(labelOf(CATEGORY_LABELS, facts.category), labelDay(facts.date));
    default:
      return null;
  }
}
