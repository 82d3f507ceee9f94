import {
  calendarDaysBetween,
  CONSENT_WITHDRAWN_WITH,
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentRecord,
  type ConsentState,
} from '@kcf/contracts';
import { now } from '@kcf/web-kit';

export const STATE_LABELS: Record<ConsentState, string> = {
  not_recorded: 'Not recorded',
  granted: 'Granted',
  withdrawn: 'Withdrawn',
};

export const METHOD_LABELS: Record<ConsentMethod, string> = {
  signed_form: 'Signed form',
  verbal: 'Verbal',
};

/** A grant expiring within this many days says so on the card. */
export const EXPIRY_NOTICE_DAYS = 30;

/** Whole days from today to the expiry date (negative once it has passed); null without an expiry. */
export function daysUntilExpiry(consent: Pick<ConsentRecord, 'expiresOn'>, today: Date = now()): number | null {
  return consent.expiresOn ? calendarDaysBetween(today, consent.expiresOn) : null;
}

/**
 * The state that counts: an expired grant counts as not recorded (the server already answers it so; this
 * also holds for a page left open past the expiry).
 */
export function effectiveState(consent: ConsentRecord | undefined, today: Date = now()): ConsentState {
  if (!consent) return 'not_recorded';
  if (consent.state === 'granted') {
    const days = daysUntilExpiry(consent, today);
    if (days !== null && days < 0) return 'not_recorded';
  }
  return consent.state;
}

/** 'Expires in 12 days' for a grant that ends within 30 days; null otherwise. */
export function expiryNotice(consent: ConsentRecord, today: Date = now()): string | null {
  if (consent.state !== 'granted') return null;
  const days = daysUntilExpiry(consent, today);
  if (days === null || days < 0 || days > EXPIRY_NOTICE_DAYS) return null;
  if (days === 0) return 'Expires today';
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The record of one purpose from the list (a purpose the server left out is not recorded). */
export function consentOf(
  consents: readonly ConsentRecord[] | undefined,
  purpose: ConsentPurpose,
): ConsentRecord | undefined {
  return consents?.find((c) => c.purpose === purpose);
}

/** The purposes withdrawn together with `purpose` (as the server does): those it takes with it that are granted now. */
export function alsoWithdrawn(
  consents: readonly ConsentRecord[] | undefined,
  purpose: ConsentPurpose,
): ConsentPurpose[] {
  return (CONSENT_WITHDRAWN_WITH[purpose] ?? []).filter(
    (other) => effectiveState(consentOf(consents, other)) === 'granted',
  );
}
