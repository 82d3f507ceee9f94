/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ToastProvider } from '@kcf/ui';
import { ApiError, createQueryClient, CURRENT_USER_QUERY_KEY, redirectToLogin } from '@kcf/web-kit';
import { useSessionErrors } from './use-session-errors';

jest.mock('@kcf/web-kit', () => ({ ...jest.requireActual('@kcf/web-kit'), redirectToLogin: jest.fn() }));

function Reader({ error }: { error: Error }) {
  useSessionErrors();
  useQuery({ queryKey: ['/api/something'], queryFn: () => Promise.reject(error) });
  return null;
}

async function renderWith(error: Error) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, { id: 'u1' });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <Reader error={error} />
        </ToastProvider>
      </QueryClientProvider>,
    );
  });
  return client;
}

beforeEach(() => (redirectToLogin as jest.Mock).mockReset());

it('a 401 Unauthorized from any read shows the toast and signs in again', async () => {
  await renderWith(new ApiError(401, '401: {"message":"Unauthorized"}', { message: 'Unauthorized' }));
  expect(screen.getByText('Unauthorized')).toBeTruthy();
  expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
  expect(redirectToLogin).toHaveBeenCalledTimes(1);
});

it('a 403 Password change required reads the current user again', async () => {
  const client = await renderWith(
    new ApiError(403, '403: {"message":"Password change required"}', { message: 'Password change required' }),
  );
  expect(client.getQueryState(CURRENT_USER_QUERY_KEY)?.isInvalidated).toBe(true);
  expect(redirectToLogin).not.toHaveBeenCalled();
});

it('other errors are left to the page', async () => {
  await renderWith(new ApiError(500, '500: Internal Server Error', ''));
  expect(screen.queryByText('Unauthorized')).toBeNull();
  expect(redirectToLogin).not.toHaveBeenCalled();
});
