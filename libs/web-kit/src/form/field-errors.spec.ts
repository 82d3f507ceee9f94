import { IncomeBody, LoginForm } from '@kcf/contracts';
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

  it("gives each field of a contract's form its first message, as the server answers it", () => {
    const login = LoginForm.safeParse({ username: ' ', password: '' });
    if (login.success) throw new Error('expected a failed parse');
    expect(firstErrorPerField(login.error.issues)).toEqual({
      username: 'Username is required',
      password: 'Password must be at least 8 characters',
    });
    const income = IncomeBody.safeParse({ amount: '-1', source: '', date: 'x', remarks: '' });
    if (income.success) throw new Error('expected a failed parse');
    expect(firstErrorPerField(income.error.issues)).toEqual({
      amount: 'Amount must be a positive number',
      source: 'Source is required',
      date: 'Date must be a valid date (YYYY-MM-DD)',
    });
    // The same rule over the server's answer (paths as dotted strings) gives the same messages.
    const answer = income.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    expect(firstErrorPerField(answer)).toEqual(firstErrorPerField(income.error.issues));
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
