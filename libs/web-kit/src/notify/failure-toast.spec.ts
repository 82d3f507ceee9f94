import { ApiError } from '../api/api-error';
import { OfflineError } from '../api/offline-error';
import { failureToast } from './failure-toast';

const apiError = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

describe('failureToast', () => {
  it("shows the server's message under 'Error'", () => {
    expect(
      failureToast(
        apiError(409, { message: 'A budget for School Fees in Term 1 2025 already exists' }),
        'Failed to create budget',
      ),
    ).toEqual({
      title: 'Error',
      description: 'A budget for School Fees in Term 1 2025 already exists',
      variant: 'destructive',
      reauthenticate: false,
    });
  });

  it('falls back to the given text when the server sent no message', () => {
    expect(
      failureToast(new ApiError(500, '500: Internal Server Error', 'Internal Server Error'), 'Failed to update income'),
    ).toMatchObject({
      title: 'Error',
      description: 'Failed to update income',
    });
    expect(failureToast(new TypeError('fetch failed'), 'Failed to create expense').description).toBe(
      'Failed to create expense',
    );
  });

  it("keeps the screen's own text when told to, except for the offline message", () => {
    const refused = apiError(400, { message: 'Guardian phone is not a phone number' });
    expect(failureToast(refused, 'Failed to create beneficiary', { serverMessage: false }).description).toBe(
      'Failed to create beneficiary',
    );
    expect(failureToast(new OfflineError(), 'Failed to create income').description).toMatch(/^You are offline/);
  });

  it('picks the title from the text shown when given a rule', () => {
    const title = (message: string) => (/balance/i.test(message) ? 'Insufficient Balance' : 'Error');
    const over = apiError(400, {
      message: 'Cannot create expense: Amount (KSH 900.00) exceeds available balance (KSH 500.00)',
    });
    expect(failureToast(over, 'Failed to create expense', { title }).title).toBe('Insufficient Balance');
    expect(failureToast(new TypeError('fetch failed'), 'Failed to create expense', { title }).title).toBe('Error');
  });

  it('sends a signed-out user to sign in again', () => {
    expect(
      failureToast(apiError(401, { message: 'Unauthorized' }), 'Failed to create income', { serverMessage: false }),
    ).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
      reauthenticate: true,
    });
  });

  describe('a lost session, in three forms: expired, signed out elsewhere, idle', () => {
    const lost = apiError(401, { message: 'Unauthorized' });

    it("beneficiary saves: title 'Unauthorized' and the text (the default)", () => {
      expect(
        failureToast(lost, 'Failed to create beneficiary', { serverMessage: false, unauthorized: 'titled' }),
      ).toEqual(failureToast(lost, 'Failed to create beneficiary', { serverMessage: false }));
    });

    it('gift, income, expense and budget saves: one line with a colon', () => {
      expect(failureToast(lost, 'Failed to create gift', { serverMessage: false, unauthorized: 'colon' })).toEqual({
        title: 'Unauthorized: You are logged out. Logging in again...',
        variant: 'destructive',
        reauthenticate: true,
      });
    });

    it('user delete, status update and password reset: one line with a dash', () => {
      expect(failureToast(lost, 'Failed to delete user', { serverMessage: false, unauthorized: 'dash' })).toEqual({
        title: 'Unauthorized - You are logged out. Logging in again...',
        variant: 'destructive',
        reauthenticate: true,
      });
    });

    it('the form changes nothing for other failures', () => {
      expect(
        failureToast(apiError(400, { message: 'Amount is required' }), 'Failed to create income', {
          unauthorized: 'colon',
        }),
      ).toMatchObject({
        title: 'Error',
        description: 'Amount is required',
        reauthenticate: false,
      });
    });
  });
});
