import { z } from 'zod';
import { ExpenseBody } from './expense';
import { IncomeBody } from './income';
import { setRulesClock } from '../common/today';
import { DashboardStats } from './stats';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

describe('IncomeBody', () => {
  it('gives the product’s messages for missing fields', () => {
    expect(fieldMessages(IncomeBody.safeParse({ amount: '', source: ' ', date: '' }))).toEqual({
      amount: ['Amount is required'],
      source: ['Source is required'],
      date: ['Date is required'],
    });
  });

  it('normalises the amount and makes remarks optional', () => {
    expect(IncomeBody.parse({ amount: '1,500.5', source: 'Donor', date: '2024-01-31' })).toEqual({
      amount: '1500.50',
      source: 'Donor',
      date: '2024-01-31',
      remarks: null,
    });
  });
});

describe('ExpenseBody', () => {
  const expense = { amount: '300', category: 'health', description: 'Clinic visit', date: '2024-05-02' };

  it.each([[undefined], [''], ['none'], ['  ']])('reads beneficiaryId %p as none', (beneficiaryId) => {
    expect(ExpenseBody.parse({ ...expense, beneficiaryId }).beneficiaryId).toBeNull();
  });

  it('keeps a named beneficiary', () => {
    expect(ExpenseBody.parse({ ...expense, beneficiaryId: 'KCF-000004' })).toEqual({
      ...expense,
      amount: '300.00',
      beneficiaryId: 'KCF-000004',
    });
  });

  it('needs a positive amount, one of the five categories, a description and a date', () => {
    expect(fieldMessages(ExpenseBody.safeParse({}))).toEqual({
      amount: ['Amount is required'],
      category: ['Category is required'],
      description: ['Description is required'],
      date: ['Date is required'],
    });
    expect(fieldMessages(ExpenseBody.safeParse({ ...expense, amount: '0', category: 'travel' }))).toEqual({
      amount: ['Amount must be a positive number'],
      category: ['Category must be one of: school_fees, health, admin, special_needs, other'],
    });
  });
});

describe('DashboardStats', () => {
  it('joins the beneficiary counts and the finance amounts', () => {
    const stats = {
      totalBeneficiaries: 12,
      activeInSchool: 10,
      specialNeeds: 3,
      totalDonations: '5000.00',
      totalExpenses: '6000.00',
      netBalance: '-1000.00',
    };
    expect(DashboardStats.parse(stats)).toEqual(stats);
    expect(DashboardStats.safeParse({ ...stats, totalDonations: 5000 }).success).toBe(false);
  });
});

describe("IncomeBody and ExpenseBody against today (the foundation's calendar)", () => {
  // 23:30 in Nairobi on 28 November: the 29th is still tomorrow there.
  beforeEach(() => setRulesClock(() => new Date('2026-11-28T20:30:00Z')));
  afterEach(() => setRulesClock(null));

  it('refuse a date after today, and take today', () => {
    expect(fieldMessages(IncomeBody.safeParse({ amount: '100', source: 'Donor', date: '2027-06-01' }))).toEqual({
      date: ['Date cannot be in the future'],
    });
    expect(
      fieldMessages(
        ExpenseBody.safeParse({ amount: '100', category: 'health', description: 'Clinic', date: '2026-11-29' }),
      ),
    ).toEqual({ date: ['Date cannot be in the future'] });
    expect(IncomeBody.parse({ amount: '100', source: 'Donor', date: '2026-11-28' }).date).toBe('2026-11-28');
    expect(
      ExpenseBody.parse({ amount: '100', category: 'health', description: 'Clinic', date: '2026-11-28' }).date,
    ).toBe('2026-11-28');
  });
});
