import { ApiError } from '@kcf/web-kit';
import { fieldErrorsFromIssues, fieldErrorsFromServer } from './form-errors';

describe('form errors', () => {
  it('keeps the first message of each field', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['amount'], message: 'Amount must be a positive number' },
        { path: ['amount'], message: 'second' },
        { path: ['description'], message: 'Description is required' },
      ]),
    ).toEqual({ amount: 'Amount must be a positive number', description: 'Description is required' });
  });

  it("reads a 400 answer's errors whether the path is a list or a dotted string", () => {
    const body = {
      message: 'Validation failed',
      errors: [
        { path: ['fullName'], message: 'Full name is required' },
        { path: 'county', message: 'County is required' },
        { path: [], message: 'ignored' },
      ],
    };
    expect(fieldErrorsFromServer(new ApiError(400, `400: ${JSON.stringify(body)}`, body))).toEqual({
      fullName: 'Full name is required',
      county: 'County is required',
    });
    expect(fieldErrorsFromServer(new ApiError(500, '500: oops', 'oops'))).toEqual({});
    expect(fieldErrorsFromServer(new Error('x'))).toEqual({});
  });
});
