/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastProvider } from '@kcf/ui';
import { ApiError, apiRequest, redirectTo } from '@kcf/web-kit';
import { watchNavigation } from '@kcf/testing/web';
import ChangePasswordPage from './change-password-page';

jest.mock('@kcf/web-kit', () => ({
  ...jest.requireActual('@kcf/web-kit'),
  apiRequest: jest.fn(),
  redirectTo: jest.fn(),
}));
const request = apiRequest as jest.Mock;

function renderPage(forced = false) {
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={['/change-password']}>
        <Routes>
          <Route path="/change-password" element={<ChangePasswordPage forced={forced} />} />
          <Route path="/dashboard" element={<p>dashboard route</p>} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  });
};

beforeEach(() => {
  request.mockReset();
  (redirectTo as jest.Mock).mockReset();
});
afterEach(() => jest.restoreAllMocks());

it('shows the strength meter and the requirements box only once a new password is typed', () => {
  renderPage();
  expect(screen.queryByRole('meter')).toBeNull();
  expect(screen.queryByText('Password requirements')).toBeNull();
  type('New Password', 'abc');
  expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe('Very Weak');
  expect(screen.getByText('Password requirements')).toBeTruthy();
  type('New Password', 'Abcdefg1');
  expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('4');
  expect(screen.getByText('Good')).toBeTruthy();
  type('New Password', 'Abcdefg1!');
  expect(screen.getByText('Strong')).toBeTruthy();
});

it('gives the product’s messages and sends nothing while the form is wrong', async () => {
  renderPage();
  await submit();
  expect(screen.getByText('Current password is required')).toBeTruthy();
  expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  expect(screen.getByText('Please confirm your password')).toBeTruthy();

  type('Current Password', 'Old!pass1');
  type('New Password', 'weakpassword');
  type('Confirm New Password', 'different');
  await submit();
  expect(screen.getByText('Password must contain uppercase, lowercase, number, and special character')).toBeTruthy();
  expect(screen.getByText("Passwords don't match")).toBeTruthy();
  expect(request).not.toHaveBeenCalled();
});

it('changes the password, says the user will be logged out and goes to / after 2 seconds', async () => {
  request.mockResolvedValue({ message: 'Password changed', logout: true });
  renderPage();
  type('Current Password', 'Old!pass1');
  type('New Password', 'New!pass12');
  type('Confirm New Password', 'New!pass12');
  await submit();
  expect(request).toHaveBeenCalledWith('PUT', '/api/auth/change-password', {
    currentPassword: 'Old!pass1',
    newPassword: 'New!pass12',
  });
  expect(screen.getByText('Password Changed')).toBeTruthy();
  expect(screen.getByText('Your password has been successfully updated. You will be logged out.')).toBeTruthy();
  expect(redirectTo).toHaveBeenCalledWith('/', 2000);
});

it("shows the server's message, or the product's fallback", async () => {
  request.mockRejectedValueOnce(
    new ApiError(400, '400: {"message":"Current password is incorrect"}', { message: 'Current password is incorrect' }),
  );
  renderPage();
  type('Current Password', 'Old!pass1');
  type('New Password', 'New!pass12');
  type('Confirm New Password', 'New!pass12');
  await submit();
  expect(screen.getByText('Current password is incorrect')).toBeTruthy();

  request.mockRejectedValueOnce(new ApiError(500, '500: Internal Server Error', ''));
  await submit();
  expect(screen.getByText('Failed to change password')).toBeTruthy();
  expect(redirectTo).not.toHaveBeenCalled();
});

it('sends a signed-out user to sign in again', async () => {
  const navigation = watchNavigation();
  request.mockRejectedValueOnce(new ApiError(401, '401: {"message":"Unauthorized"}', { message: 'Unauthorized' }));
  renderPage();
  type('Current Password', 'Old!pass1');
  type('New Password', 'New!pass12');
  type('Confirm New Password', 'New!pass12');
  await submit();
  expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
  await waitFor(() => expect(navigation).toHaveBeenCalledWith('/api/login'));
});

it('Cancel goes to /dashboard; a forced change has no Cancel', () => {
  const view = renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByText('dashboard route')).toBeTruthy();
  view.unmount();
  renderPage(true);
  expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
});
