import { createHash } from 'node:crypto';
import { EventEnvelope } from '@kcf/contracts';

const TOKEN = /^[a-z0-9_-]+$/i;
const CONSUMER_NAME = /^[a-z0-9_-]{1,64}$/i;

/** A subject an event is published on: tokens of letters, digits, `_` and `-` joined by dots, no wildcards. */
export function assertPublishSubject(subject: string): void {
  if (!subject.split('.').every((token) => TOKEN.test(token))) {
    throw new TypeError(`Invalid event subject "${subject}": use dot-separated tokens of letters, digits, "_" and "-"`);
  }
}

/** A subject filter: like a subject, where a token may be `*` and the last token may be `>`. */
export function assertSubjectFilter(filter: string): void {
  const tokens = filter.split('.');
  const valid = tokens.every(
    (token, i) => TOKEN.test(token) || token === '*' || (token === '>' && i === tokens.length - 1),
  );
  if (!valid) throw new TypeError(`Invalid subject filter "${filter}"`);
}

export function assertConsumerName(name: string): void {
  if (!CONSUMER_NAME.test(name)) {
    throw new TypeError(`Invalid consumer name "${name}": 1 to 64 letters, digits, "_" or "-"`);
  }
}

/** Checks subscribe's arguments and returns the subjects without repeats. */
export function checkSubscription(consumerName: string, subjects: string[]): string[] {
  assertConsumerName(consumerName);
  if (subjects.length === 0) throw new TypeError('A subscription needs at least one subject');
  subjects.forEach(assertSubjectFilter);
  return [...new Set(subjects)];
}

/** Validates an envelope before it is published. */
export function checkEnvelope(envelope: EventEnvelope): EventEnvelope {
  const parsed = EventEnvelope.parse(envelope);
  assertPublishSubject(parsed.subject);
  return parsed;
}

/** Whether a subject matches a NATS-style filter (`*` one token, final `>` one or more tokens). */
export function subjectMatches(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (let i = 0; i < filterTokens.length; i += 1) {
    const token = filterTokens[i];
    if (token === '>') return subjectTokens.length > i;
    if (i >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[i]) return false;
  }
  return filterTokens.length === subjectTokens.length;
}

/**
 * The durable consumer behind one (consumer, subject filter) pair: readable, and unique thanks to a
 * short hash of the filter (`budgets-finance_expense_STAR-1a2b3c4d`).
 */
export function durableName(consumerName: string, filter: string): string {
  const readable = filter.replace(/\./g, '_').replace(/\*/g, 'STAR').replace(/>/g, 'ALL').slice(0, 40);
  const hash = createHash('sha256').update(filter).digest('hex').slice(0, 8);
  return `${consumerName}-${readable}-${hash}`;
}

/** Exponential back-off for redeliveries: `base`, `2 x base`, `4 x base`, ... capped at `max`. */
export function retryDelay(deliveryCount: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(deliveryCount - 1, 0), 30);
  return Math.min(baseMs * 2 ** exponent, maxMs);
}
