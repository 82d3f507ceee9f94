import { Income, IncomeBody } from '@kcf/contracts';
import { INCOME, INCOME_JSON, toIncome, type IncomeRow } from './income-row';

const row: IncomeRow = {
  id: '0b7a5c1e-0000-4000-8000-000000000002',
  amount: '2500.50',
  source: 'Harambee',
  date: '2026-03-01',
  remarks: null,
  createdBy: 'u1',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
};

describe('the income column map', () => {
  it('shows every key of the API object once, in toIncome and in the JSON the list builds, in one order', () => {
    const income = toIncome(row);
    expect(Income.parse(income)).toEqual(income);
    expect(Object.keys(income).sort()).toEqual(Object.keys(Income.shape).sort());
    expect([...INCOME_JSON.matchAll(/(?:json_build_object\(|, )'([a-zA-Z]+)', /g)].map((m) => m[1])).toEqual(
      Object.keys(income),
    );
  });

  it('keeps every field of the form in a column', () => {
    expect(Object.keys(IncomeBody.shape).filter((key) => !INCOME.fields.includes(key as keyof IncomeRow))).toEqual([]);
  });
});
