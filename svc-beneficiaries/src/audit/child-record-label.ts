import {
  CONSENT_PURPOSE_LABELS,
  DOCUMENT_TYPE_LABELS,
  GIFT_TYPE_LABELS,
  labelDay,
  labelOf,
  labelParts,
  labelText,
  TERMS,
} from '@kcf/contracts';
import type { RecordFacts } from '@kcf/server-kit';

const TERM_WORDS: Record<string, string> = Object.fromEntries(TERMS.map((term) => [term, term]));

/** A consent's purpose, from its record id (`KCF-000123:photos_internal`). */
export function consentPurposeOf(id: string): string {
  return id.slice(id.lastIndexOf(':') + 1);
}

/**
 * A child's record named in the audit log by what it is, never by what it says about the child: a gift (and its
 * photo) by its type and date ("Christmas, 12 Dec 2026"), a consent by its purpose ("Photos (internal)"), a
 * document by its type ("Academic"), a school grade by subject and term ("Mathematics, Term 1"), a school fee by
 * term and year ("Term 1 2026"). Null when the facts do not say (values erased, or of another kind).
 */
export function childRecordLabel(type: string, facts: RecordFacts): string | null {
  switch (type) {
    case 'gift':
    case 'gift-photo':
      return labelParts(labelOf(GIFT_TYPE_LABELS, facts.giftType), labelDay(facts.dateGiven));
    case 'consent':
      return labelOf(CONSENT_PURPOSE_LABELS, facts.purpose);
    case 'document':
      return labelOf(DOCUMENT_TYPE_LABELS, facts.documentType);
    case 'school-performance':
      return labelParts(labelText(facts.subject, 30), labelOf(TERM_WORDS, facts.term));
    case 'school-fee': {
      const term = labelOf(TERM_WORDS, facts.term);
      return term && Number.isInteger(facts.year) ? `${term} ${String(facts.year)}` : null;
    }
    default:
      return null;
  }
}
