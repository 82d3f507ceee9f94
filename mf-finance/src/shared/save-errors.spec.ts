import { ApiError } from '@kcf/web-kit';
import { failureToast } from './save-errors';

const apiError = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

describe('failureToast', () => {
  it("shows the server's message under 'Error'", () => {
    expect(failureToast(apiError(409, { message: 'A budget for School Fees in Term 1 2025 already exists' }), 'Failed to create budget')).toEqual({
      title: 'Error',
      description: 'A budget for School Fees in Term 1 2025 already exists',
      variant: 'destructive',
      reauthenticate: false,
    });
  });

  it("titles a message about the balance 'Insufficient Balance'", () => {
    const toast = failureToast(
      apiError(400, { message: 'Cannot create expense: Amount (KSH 900.00) exceeds available balance (KSH 500.00)' }),
      'Failed to create expense',
    );
    expect(toast.title).toBe('Insufficient Balance');
    expect(toast.description).toBe('Cannot create expense: Amount (KSH 900.00) exceeds available balance (KSH 500.00)');
  });

  it('falls back to the given text when the server sent no message', () => {
    expect(failureToast(new ApiError(500, '500: Internal Server Error', 'Internal Server Error'), 'Failed to update income')).toMatchObject({
      title: 'Error',
      description: 'Failed to update income',
    });
    expect(failureToast(new TypeError('fetch failed'), 'Failed to create expense').description).toBe('Failed to create expense');
  });

  it('sends a signed-out user to sign in again', () => {
    expect(failureToast(apiError(401, { message: 'Unauthorized' }), 'Failed to create income')).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
      reauthenticate: true,
    });
  });
});
