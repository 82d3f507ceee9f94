/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import { apiRequest } from '@kcf/web-kit';
import { renderWithProviders, watchNavigation } from '@kcf/testing/web';
import { INACTIVITY_TIMEOUT_MS } from './inactivity';
import { useInactivitySignOut } from './use-inactivity-sign-out';

jest.mock('@kcf/web-kit', () => ({ ...jest.requireActual('@kcf/web-kit'), apiRequest: jest.fn() }));
const request = apiRequest as jest.Mock;

function SignedInPage() {
  useInactivitySignOut();
  return <p>Finances</p>;
}

beforeEach(() => {
  jest.useFakeTimers();
  request.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('after the idle minutes: the expiry toast, the session ended, then the sign-in page saying why', async () => {
  const navigation = watchNavigation();
  request.mockResolvedValue({ message: 'Logged out' });
  renderWithProviders(<SignedInPage />);
  await act(async () => {
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS);
  });
  expect(screen.getByText('Session Expired')).toBeTruthy();
  expect(navigation).not.toHaveBeenCalled();
  await act(async () => {
    jest.advanceTimersByTime(500);
  });
  expect(request).toHaveBeenCalledWith('POST', '/api/logout/local');
  expect(navigation).toHaveBeenCalledWith('/login?signedOut=idle');
});

it('goes to the sign-in page even when the sign-out call fails (the server ends an idle session anyway)', async () => {
  const navigation = watchNavigation();
  request.mockRejectedValue(new TypeError('Failed to fetch'));
  renderWithProviders(<SignedInPage />);
  await act(async () => {
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS + 500);
  });
  expect(navigation).toHaveBeenCalledWith('/login?signedOut=idle');
});
