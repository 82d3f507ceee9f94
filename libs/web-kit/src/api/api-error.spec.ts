import {
  ApiError,
  apiErrorText,
  errorMessageOf,
  isNetworkError,
  isPasswordChangeRequiredError,
  isUnauthorizedError,
  plainErrorText,
} from './api-error';
import { OFFLINE_SAVE_MESSAGE, OfflineError } from './offline-error';

describe('isUnauthorizedError', () => {
  it('is true for a 401 whose message contains Unauthorized', () => {
    expect(isUnauthorizedError(new ApiError(401, '401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
  });

  it('is true for a 401 whose text has no status code: its message, or its body says Unauthorized', () => {
    expect(isUnauthorizedError(new ApiError(401, 'Unauthorized', { message: 'Unauthorized' }))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, plainErrorText(401), ''))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, 'Invalid credentials', { message: 'Invalid credentials' }))).toBe(
      false,
    );
  });

  it('is false for other statuses or other 401 texts', () => {
    expect(isUnauthorizedError(new ApiError(403, '403: {"message":"Forbidden"}'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(401, '401: {"message":"Invalid credentials"}'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(500, '500: Unauthorized proxy'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('errorMessageOf', () => {
  it("prefers the server's message", () => {
    const err = new ApiError(409, '409: {"message":"Cannot delete user who has created records"}', {
      message: 'Cannot delete user who has created records',
    });
    expect(errorMessageOf(err, 'Failed to delete user')).toBe('Cannot delete user who has created records');
  });

  it('reads the message from the text of an error that lost its body', () => {
    expect(errorMessageOf(new Error('400: {"message":"Insufficient balance"}'), 'x')).toBe('Insufficient balance');
  });

  it('falls back when there is no message', () => {
    expect(errorMessageOf(new ApiError(500, '500: Internal Server Error', 'Internal Server Error'), 'Failed')).toBe(
      'Failed',
    );
    expect(errorMessageOf(new ApiError(400, '400: {}', {}), 'Failed')).toBe('Failed');
    expect(errorMessageOf(new TypeError('fetch failed'), 'Unable to connect to server')).toBe(
      'Unable to connect to server',
    );
    expect(errorMessageOf(undefined, 'Failed')).toBe('Failed');
  });

  it('says a save was not sent because the browser is offline', () => {
    expect(errorMessageOf(new OfflineError(), 'Failed to create gift')).toBe(OFFLINE_SAVE_MESSAGE);
  });
});

describe('isNetworkError', () => {
  it('tells a connection failure from an HTTP error', () => {
    expect(isNetworkError(new TypeError('fetch failed'))).toBe(true);
    expect(isNetworkError(new ApiError(500, '500: x'))).toBe(false);
    expect(isNetworkError(new OfflineError())).toBe(true);
  });
});

describe('isPasswordChangeRequiredError', () => {
  it('recognises the 403 sent until a new or reset user changes their password', () => {
    const body = { message: 'Password change required' };
    expect(isPasswordChangeRequiredError(new ApiError(403, `403: ${JSON.stringify(body)}`, body))).toBe(true);
    expect(
      isPasswordChangeRequiredError(new ApiError(403, '403: {"message":"Forbidden"}', { message: 'Forbidden' })),
    ).toBe(false);
  });
});

describe('apiErrorText', () => {
  it("is the server's message when it sent one", () => {
    expect(apiErrorText(400, { message: 'To date must be on or after the From date' })).toBe(
      'To date must be on or after the From date',
    );
  });

  it.each([400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503, 504])(
    'is a plain sentence without the code %i otherwise',
    (status) => {
      for (const body of ['', 'Bad Gateway', { error: 'x' }, '<html>oops</html>']) {
        const text = apiErrorText(status, body);
        expect(text).toBe(plainErrorText(status));
        expect(text).not.toMatch(/\d{3}/);
        expect(text.length).toBeGreaterThan(5);
      }
    },
  );
});
