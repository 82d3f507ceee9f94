import { ApiError, failureToast } from '@kcf/web-kit';
import { FINANCE_FAILURE, failureTitle } from './save-toasts';

const apiError = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

describe('the failure toasts of income, expenses and budgets', () => {
  it("titles a message about the balance 'Insufficient Balance'", () => {
    const toast = failureToast(
      apiError(400, { message: 'Cannot create expense: Amount (KSH 900.00) exceeds available balance (KSH 500.00)' }),
      'Failed to create expense',
      FINANCE_FAILURE,
    );
    expect(toast.title).toBe('Insufficient Balance');
    expect(toast.description).toBe('Cannot create expense: Amount (KSH 900.00) exceeds available balance (KSH 500.00)');
  });

  it("shows any other server message, or the screen's text, under 'Error'", () => {
    expect(
      failureToast(
        apiError(409, { message: 'A budget for School Fees in Term 1 2025 already exists' }),
        'Failed to create budget',
        FINANCE_FAILURE,
      ),
    ).toEqual({
      title: 'Error',
      description: 'A budget for School Fees in Term 1 2025 already exists',
      variant: 'destructive',
      reauthenticate: false,
    });
    expect(failureToast(new TypeError('fetch failed'), 'Failed to create expense', FINANCE_FAILURE).title).toBe(
      'Error',
    );
    expect(failureTitle('No positive BALANCE available')).toBe('Insufficient Balance');
  });

  it("tells a lost session in one line: 'Unauthorized: You are logged out. Logging in again...'", () => {
    expect(
      failureToast(apiError(401, { message: 'Unauthorized' }), 'Failed to create income', FINANCE_FAILURE),
    ).toEqual({
      title: 'Unauthorized: You are logged out. Logging in again...',
      variant: 'destructive',
      reauthenticate: true,
    });
  });
});
