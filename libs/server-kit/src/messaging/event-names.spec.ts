import { randomUUID } from 'node:crypto';
import {
  assertPublishSubject,
  assertSubjectFilter,
  checkEnvelope,
  checkSubscription,
  durableName,
  retryDelay,
  subjectMatches,
} from './event-names';

describe('subject matching', () => {
  it.each([
    ['finance.expense.created', 'finance.expense.created', true],
    ['finance.expense.created', 'finance.expense.updated', false],
    ['finance.expense.*', 'finance.expense.deleted', true],
    ['finance.expense.*', 'finance.expense', false],
    ['finance.expense.*', 'finance.expense.deleted.extra', false],
    ['finance.*.created', 'finance.income.created', true],
    ['finance.>', 'finance.expense.created', true],
    ['finance.>', 'finance', false],
    ['>', 'beneficiaries.beneficiary.created', true],
    ['finance.expense', 'finance.expense.created', false],
  ])('%s against %s -> %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});

describe('names and subjects', () => {
  it('refuses wildcards and empty tokens in a published subject', () => {
    expect(() => assertPublishSubject('finance.expense.created')).not.toThrow();
    for (const subject of ['finance.*', 'finance.>', 'finance..created', '', 'finance expense']) {
      expect(() => assertPublishSubject(subject)).toThrow(TypeError);
    }
  });

  it('allows `>` only as the last token of a filter', () => {
    expect(() => assertSubjectFilter('finance.>')).not.toThrow();
    expect(() => assertSubjectFilter('*.expense.*')).not.toThrow();
    expect(() => assertSubjectFilter('finance.>.created')).toThrow(TypeError);
  });

  it('refuses consumer names a NATS durable cannot carry, and empty subject lists', () => {
    expect(checkSubscription('budget-recompute', ['a.b', 'a.b'])).toEqual(['a.b']);
    expect(() => checkSubscription('budget.recompute', ['a.b'])).toThrow(TypeError);
    expect(() => checkSubscription('budget recompute', ['a.b'])).toThrow(TypeError);
    expect(() => checkSubscription('ok', [])).toThrow(TypeError);
  });

  it('gives each (consumer, filter) pair its own durable name made of allowed characters', () => {
    const a = durableName('budgets', 'finance.expense.*');
    const b = durableName('budgets', 'finance.expense.>');
    const c = durableName('budgets', 'finance_expense.*');
    expect(new Set([a, b, c]).size).toBe(3);
    for (const name of [a, b, c]) expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a.startsWith('budgets-finance_expense_STAR-')).toBe(true);
  });

  it('checks an envelope against the contract', () => {
    const envelope = {
      id: randomUUID(),
      subject: 'finance.expense.created',
      occurredAt: new Date().toISOString(),
      payload: { a: 1 },
    };
    expect(checkEnvelope(envelope)).toEqual(envelope);
    expect(() => checkEnvelope({ ...envelope, id: 'not-a-uuid' })).toThrow();
    expect(() => checkEnvelope({ ...envelope, subject: 'finance.*' })).toThrow();
    expect(() => checkEnvelope({ ...envelope, occurredAt: 'yesterday' })).toThrow();
  });
});

describe('retry delay', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 10, 1000].map((n) => retryDelay(n, 100, 1000))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
});
