import { z } from 'zod';
import { GiftBody } from '../beneficiaries/gifts';
import { SchoolFeeBody } from '../beneficiaries/school';
import { BudgetInlineEditBody, budgetBodySchema } from '../finance/budget';
import { ExpenseBody } from '../finance/expense';
import { IncomeBody } from '../finance/income';
import { parseMoney, readMoney } from './money';

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

/** Every money field of every body, with a valid rest of the body and the field's own label. */
const MONEY_FIELDS = [
  ['income amount', IncomeBody, { source: 'Church partners', date: '2026-03-01' }, 'amount', 'Amount'],
  [
    'expense amount',
    ExpenseBody,
    { category: 'health', description: 'Clinic', date: '2026-03-01' },
    'amount',
    'Amount',
  ],
  [
    'budget plannedAmount',
    budgetBodySchema(new Date('2026-06-01T00:00:00Z')),
    { quarter: 'Term 1', year: 2026, category: 'admin' },
    'plannedAmount',
    'Planned amount',
  ],
  ['inline budget plannedAmount', BudgetInlineEditBody, {}, 'plannedAmount', 'Planned amount'],
  [
    'gift amount',
    GiftBody,
    {
      beneficiaryId: 'KCF-000001',
      giftType: 'christmas',
      description: 'Hamper',
      contents: 'Rice',
      dateGiven: '2025-12-20',
    },
    'amount',
    'Amount',
  ],
  ['school fee amount', SchoolFeeBody, { term: 'Term 1', year: 2026 }, 'amount', 'Amount'],
] as const;

describe.each(MONEY_FIELDS)('the %s', (_name, schema, rest, field, label) => {
  const parse = (value: unknown) => (schema as z.ZodType).safeParse({ ...rest, [field]: value });

  it.each([[1.005], ['1.005'], [0.125], ['0.125'], [1500.001], ['1,500.001'], [0.1 + 0.2], [1e-7]])(
    'refuses %p (more than two decimals) with a message naming the field, never rounding it',
    (value) => {
      expect(messagesOf(parse(value))).toEqual([`${field}: ${label} must have at most 2 decimal places`]);
    },
  );

  it.each([
    [1.1, '1.10'],
    [0.29, '0.29'],
    [1.01, '1.01'],
    [19.99, '19.99'],
    [4.35, '4.35'],
    [1500, '1500.00'],
    ['0.29', '0.29'],
    ['1.10', '1.10'],
    ['1,500.50', '1500.50'],
    ['2.500', '2.50'],
  ])('takes %p, exact to the cent, as %p', (value, expected) => {
    const result = parse(value);
    expect(messagesOf(result)).toEqual([]);
    expect((result.data as Record<string, unknown>)[field]).toBe(expected);
  });
});

describe('readMoney', () => {
  it('reads a JSON number by its shortest decimal text, not by multiplying by 100', () => {
    // 1.005 * 100 is 100.49999999999999 and 0.29 * 100 is 28.999999999999996 in binary floating point.
    expect(readMoney(0.29)).toEqual({ amount: '0.29' });
    expect(readMoney(1.1)).toEqual({ amount: '1.10' });
    expect(readMoney(1.005)).toEqual({ problem: 'tooManyDecimals' });
    expect(readMoney('1.005')).toEqual({ problem: 'tooManyDecimals' });
    expect(readMoney(123456789012.34)).toEqual({ amount: '123456789012.34' });
    expect(readMoney(1e21)).toEqual({ amount: '1000000000000000000000.00' });
  });

  it('tells an amount with too many decimals apart from what is no amount at all', () => {
    expect(readMoney('abc')).toEqual({ problem: 'notAmount' });
    expect(readMoney(Number.NaN)).toEqual({ problem: 'notAmount' });
    expect(readMoney(true)).toEqual({ problem: 'notAmount' });
    expect(parseMoney(1.005)).toBeNull();
  });
});
