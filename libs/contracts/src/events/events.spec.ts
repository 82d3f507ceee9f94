import { ALL_EVENTS, ExpenseUpdated, RecordCreatedBy, createEvent, parseKnownEvent } from './index';

const id = '0b6f3a52-8a39-4f4e-9d36-2f1a8e3b7c01';
const occurredAt = new Date('2024-05-02T08:00:00Z');

describe('events', () => {
  it('lists every event once, each with a unique subject', () => {
    const subjects = ALL_EVENTS.map((definition) => definition.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'finance.expense.created',
        'finance.expense.updated',
        'finance.expense.deleted',
        'finance.income.created',
        'finance.income.deleted',
        'beneficiaries.beneficiary.created',
        'beneficiaries.beneficiary.updated',
        'beneficiaries.beneficiary.deleted',
        'records.created-by',
      ]),
    );
  });

  it('builds an envelope and reads it back off the bus', () => {
    const event = createEvent(
      ExpenseUpdated,
      {
        expenseId: 'e1',
        category: 'health',
        date: '2024-05-02',
        amount: '300.00',
        previousCategory: 'admin',
        previousDate: '2024-04-30',
        previousAmount: '250.00',
        createdBy: 'u1',
      },
      { id, occurredAt },
    );
    expect(event).toMatchObject({ id, subject: 'finance.expense.updated', occurredAt: '2024-05-02T08:00:00.000Z' });
    const received = parseKnownEvent(JSON.parse(JSON.stringify(event)));
    expect(received.subject).toBe('finance.expense.updated');
    if (received.subject === 'finance.expense.updated') expect(received.payload.previousCategory).toBe('admin');
  });

  it('refuses a payload that does not match its subject', () => {
    expect(() =>
      parseKnownEvent({
        id,
        subject: 'records.created-by',
        occurredAt: occurredAt.toISOString(),
        payload: { userId: 'u1' },
      }),
    ).toThrow();
    expect(() => createEvent(RecordCreatedBy, { domain: 'identity' } as never, { id, occurredAt })).toThrow();
  });

  it('refuses unknown subjects and envelopes without a uuid', () => {
    expect(() =>
      parseKnownEvent({ id, subject: 'finance.unknown', occurredAt: occurredAt.toISOString(), payload: {} }),
    ).toThrow('Unknown event subject: finance.unknown');
    expect(() =>
      parseKnownEvent({
        id: 'not-a-uuid',
        subject: 'records.created-by',
        occurredAt: occurredAt.toISOString(),
        payload: {},
      }),
    ).toThrow();
  });
});
