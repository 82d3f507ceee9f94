/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError, apiRequest, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { renderWithProviders } from '@kcf/testing/web';
import { Route, Routes, useLocation } from 'react-router-dom';
import { rememberPage, RETURN_PATH_KEY } from '../session/return-path';
import LoginPage from './login-page';

const DRAFT_KEY = 'kcf.draft:';

jest.mock('@kcf/web-kit', () => ({ ...jest.requireActual('@kcf/web-kit'), apiRequest: jest.fn() }));
const request = apiRequest as jest.Mock;

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Types what is given, then presses Sign In. */
const signIn = async (username?: string, password?: string) => {
  if (username !== undefined) type(/^Username/, username);
  if (password !== undefined) type(/^Password/, password);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
};

beforeEach(() => request.mockReset());

it('shows one spec message per field and sends nothing while the form is wrong', async () => {
  renderWithProviders(<LoginPage />, { route: '/login' });
  await signIn('  ', 'Ka!1');
  expect(screen.getByText('Username is required')).toBeTruthy();
  expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  expect(screen.queryByText('Password must contain at least one uppercase letter')).toBeNull();
  type(/^Password/, 'kakamega!');
  expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
  await signIn();
  expect(screen.getByText('Password must contain at least one uppercase letter')).toBeTruthy();
  expect(request).not.toHaveBeenCalled();
});

it('signs in with the trimmed username and puts the answer’s user in place', async () => {
  const user = { id: 'u1', username: 'grace', role: 'superadmin' };
  request.mockResolvedValueOnce({ user });
  const { client } = renderWithProviders(<LoginPage />, { route: '/login' });
  await signIn(' grace ', 'Kakamega!');
  expect(request).toHaveBeenCalledWith('POST', '/api/login/local', { username: 'grace', password: 'Kakamega!' });
  expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
});

it("says 'Login Failed' with the server's message and lets the user try again", async () => {
  request.mockRejectedValueOnce(
    new ApiError(401, '401: {"message":"Invalid credentials"}', { message: 'Invalid credentials' }),
  );
  renderWithProviders(<LoginPage />, { route: '/login' });
  await signIn('grace', 'Kakamega!');
  expect(screen.getByText('Login Failed')).toBeTruthy();
  expect(screen.getByText('Invalid credentials')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
});

it("takes the 'Login Failed' toast away once the right password signs in", async () => {
  request.mockRejectedValueOnce(
    new ApiError(401, '401: {"message":"Invalid credentials"}', { message: 'Invalid credentials' }),
  );
  request.mockResolvedValueOnce({ user: { id: 'u1', username: 'grace', role: 'superadmin' } });
  renderWithProviders(<LoginPage />, { route: '/login' });
  await signIn('grace', 'Kakamega!');
  expect(screen.getByText('Login Failed')).toBeTruthy();
  await signIn('grace', 'Kakamega!2');
  expect(screen.queryByText('Login Failed')).toBeNull();
  expect(screen.queryByText('Invalid credentials')).toBeNull();
});

it('says why after the inactivity sign-out, and only then', () => {
  const first = renderWithProviders(<LoginPage />, { route: '/login?signedOut=idle' });
  expect(screen.getByText('You were signed out after 5 minutes without activity.')).toBeTruthy();
  first.unmount();
  renderWithProviders(<LoginPage />, { route: '/login' });
  expect(screen.queryByText(/signed out after/)).toBeNull();
});

describe('after a lost session', () => {
  const Where = () => <p data-testid="where">{useLocation().pathname}</p>;
  const renderLogin = () =>
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/login' },
    );
  beforeEach(() => sessionStorage.clear());

  it('goes back to the page the same user was on', async () => {
    rememberPage('u1', '/beneficiaries/KCF-000123');
    request.mockResolvedValueOnce({ user: { id: 'u1', username: 'grace', role: 'superadmin' } });
    renderLogin();
    await signIn('grace', 'Kakamega!');
    expect(screen.getByTestId('where').textContent).toBe('/beneficiaries/KCF-000123');
  });

  it("starts someone else on the home page and drops the other user's kept dialogs", async () => {
    rememberPage('u1', '/finances');
    sessionStorage.setItem(`${DRAFT_KEY}u1:abc`, '{"source":"Rotary"}');
    sessionStorage.setItem(`${DRAFT_KEY}u2:def`, '{"source":"Lions"}');
    request.mockResolvedValueOnce({ user: { id: 'u2', username: 'okoth', role: 'viewer' } });
    renderLogin();
    await signIn('okoth', 'Kakamega!');
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(sessionStorage.getItem(`${DRAFT_KEY}u1:abc`)).toBeNull();
    expect(sessionStorage.getItem(`${DRAFT_KEY}u2:def`)).not.toBeNull();
  });

  it('never goes anywhere but an app page', async () => {
    sessionStorage.setItem(RETURN_PATH_KEY, JSON.stringify({ userId: 'u1', path: '//evil.example/finances' }));
    request.mockResolvedValueOnce({ user: { id: 'u1', username: 'grace', role: 'superadmin' } });
    renderLogin();
    await signIn('grace', 'Kakamega!');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
