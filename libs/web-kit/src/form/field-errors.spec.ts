import { firstErrorByField, IncomeBody, LoginForm, toFieldErrors } from '@kcf/contracts';
import { ApiError } from '../api/api-error';
import { fieldErrorsFromAnswer, firstErrorPerField } from './field-errors';

describe('firstErrorPerField', () => {
  it('keeps the first message of each field, in order', () => {
    expect(
      firstErrorPerField([
        { path: ['amount'], message: 'Amount must be a positive number' },
        { path: ['amount'], message: 'second' },
        { path: 'description', message: 'Description is required' },
        { path: [], message: 'about the whole form: no field' },
      ]),
    ).toEqual({ amount: 'Amount must be a positive number', description: 'Description is required' });
  });

  it.each([
    ['the login form', LoginForm, { username: ' ', password: 'abc' }],
    ['an income', IncomeBody, { amount: '-1', source: '', date: 'x', remarks: '' }],
  ])("says what the contracts' firstErrorByField says for %s", (_name, schema, value) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failed parse');
    expect(firstErrorPerField(result.error.issues)).toEqual(firstErrorByField(toFieldErrors(result.error)));
  });
});

describe('fieldErrorsFromAnswer', () => {
  it("reads a 400 answer's errors whether the path is a list or a dotted string", () => {
    const body = {
      message: 'Validation failed',
      errors: [
        { path: ['fullName'], message: 'Full name is required' },
        { path: 'county', message: 'County is required' },
        { path: 'items.0.amount', message: 'Amount is required' },
        { path: [], message: 'ignored' },
        { message: 'no path: ignored' },
      ],
    };
    expect(fieldErrorsFromAnswer(new ApiError(400, `400: ${JSON.stringify(body)}`, body))).toEqual({
      fullName: 'Full name is required',
      county: 'County is required',
      items: 'Amount is required',
    });
  });

  it('is empty for anything else', () => {
    expect(fieldErrorsFromAnswer(new ApiError(500, '500: oops', 'oops'))).toEqual({});
    expect(fieldErrorsFromAnswer(new ApiError(409, '409: {"message":"exists"}', { message: 'exists' }))).toEqual({});
    expect(fieldErrorsFromAnswer(new TypeError('Failed to fetch'))).toEqual({});
  });
});
