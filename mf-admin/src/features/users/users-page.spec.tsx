/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@kcf/contracts';
import { ApiError, apiRequest, createQueryClient, CURRENT_USER_QUERY_KEY, formatDate } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders, watchAddress, watchNavigation } from '@kcf/testing/web';
import { UsersPage } from './users-page';
import { userPagesKey } from './users-api';
import { NO_FILTERS } from './user-filters';

jest.mock('@kcf/web-kit', () => ({ ...jest.requireActual('@kcf/web-kit'), apiRequest: jest.fn() }));
const request = apiRequest as jest.Mock;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function person(
  id: string,
  username: string,
  firstName: string,
  lastName: string,
  role: User['role'],
  updatedHoursAgo: number,
): User {
  return currentUser({
    id,
    username,
    firstName,
    lastName,
    role,
    email: `${username}@example.org`,
    createdAt: hoursAgo(24 * 30),
    updatedAt: hoursAgo(updatedHoursAgo),
    beneficiaryId: role === 'beneficiary' ? 'KCF-000001' : null,
  });
}

const grace = person('u1', 'grace', 'Grace', 'Wanjiru', 'superadmin', 0.2);
const other = person('u2', 'otieno', 'Peter', 'Otieno', 'superadmin', 3);
const amina = person('u3', 'amina', 'Amina', 'Wekesa', 'admin', 50);
const okoth = person('u4', 'okoth', 'John', 'Okoth', 'viewer', 24 * 10);
const baraka = person('u5', 'baraka', 'Baraka', 'Mwangi', 'beneficiary', 1);

function renderPage(me: User = grace, users: User[] = [grace, other, amina, okoth, baraka]) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, me);
  client.setQueryData(userPagesKey(NO_FILTERS), { pages: [{ items: users, total: users.length }], pageParams: [0] });
  renderWithProviders(<UsersPage />, { client, route: '/users' });
  return client;
}

const row = (username: string) => within(screen.getByTestId(`user-row-${username}`));
const dialog = () => within(screen.getByRole('dialog'));
const fill = (label: RegExp, value: string) => fireEvent.change(dialog().getByLabelText(label), { target: { value } });
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

beforeEach(() => request.mockReset());
afterEach(() => jest.restoreAllMocks());

it('lists users with their title, role, status and last activity', () => {
  renderPage();
  expect(screen.getByRole('heading', { name: 'User Management' })).toBeTruthy();
  expect(screen.getByText('Manage user accounts and permissions')).toBeTruthy();
  const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
  expect(headers).toEqual(['User', 'Username', 'Email', 'Role', 'Status', 'Last Active', 'Actions']);
  expect(row('amina').getByText('amina')).toBeTruthy();
  expect(row('baraka').getByText('baraka')).toBeTruthy();

  expect(row('grace').getByText('Grace Wanjiru')).toBeTruthy();
  expect(row('grace').getByText('System Administrator')).toBeTruthy();
  expect(row('amina').getByText('Program Coordinator')).toBeTruthy();
  expect(row('okoth').getByText('Field Officer')).toBeTruthy();
  expect(row('baraka').getByText('Program Beneficiary')).toBeTruthy();
  expect(row('amina').getByText('amina@example.org')).toBeTruthy();
  expect(row('okoth').getByText('Viewer')).toBeTruthy();
  expect(within(screen.getByRole('table')).getAllByText('Active')).toHaveLength(5);
  expect(row('grace').getByText('Just now')).toBeTruthy();
  expect(row('otieno').getByText('3 hours ago')).toBeTruthy();
  expect(row('amina').getByText('2 days ago')).toBeTruthy();
  expect(row('okoth').queryByText(/ago|Just now/)).toBeNull();
});

it("shows an activity older than a week in the app's date format (e.g. 24 Nov 2026)", () => {
  renderPage();
  const shown = formatDate(okoth.updatedAt);
  expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  expect(row('okoth').getByText(shown)).toBeTruthy();
});

it('shows a deactivated user as Inactive', () => {
  renderPage(grace, [grace, { ...okoth, isActive: false }]);
  expect(row('okoth').getByText('Inactive')).toBeTruthy();
  expect(row('grace').getByText('Active')).toBeTruthy();
});

// Lists and searches are read through the shared client's fetch: answered like the gateway would, remembering
// what was asked.
let reads: string[] = [];
function serve(byUrl: Record<string, unknown>) {
  reads = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = String(url);
    reads.push(path);
    return path in byUrl ? jsonAnswer(200, byUrl[path]) : jsonAnswer(404, { message: 'Not found' });
  }) as typeof fetch;
}
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

it('reads the users a page at a time: Load more asks for the next one', async () => {
  const many = Array.from({ length: 50 }, (_, i) =>
    person(`p${i}`, `staff${i}`, 'Staff', `Member ${i}`, 'viewer', i + 1),
  );
  reads = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = String(url);
    reads.push(path);
    if (path === '/api/users?limit=50&offset=0') return jsonAnswer(200, many, { 'X-Total-Count': '51' });
    if (path === '/api/users?limit=50&offset=50') return jsonAnswer(200, [okoth], { 'X-Total-Count': '51' });
    return jsonAnswer(404, { message: 'Not found' });
  }) as typeof fetch;
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, grace);
  renderWithProviders(<UsersPage />, { client, route: '/users' });
  expect(await screen.findByTestId('user-row-staff49')).toBeTruthy();
  expect(screen.queryByTestId('user-row-okoth')).toBeNull();
  await click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByTestId('user-row-okoth')).toBeTruthy();
  expect(reads).toEqual(['/api/users?limit=50&offset=0', '/api/users?limit=50&offset=50']);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
});

describe('search and filters', () => {
  // The search waits for typing to pause before it asks: room for a busy machine.
  const SLOW = { timeout: 5000 };
  const searchBox = () => screen.getByRole('searchbox', { name: /^Search/ });

  it('asks the server for the search (name, username or email), the role and the status', async () => {
    serve({
      '/api/users?search=wek&limit=50&offset=0': [amina],
      '/api/users?search=wek&role=admin&limit=50&offset=0': [amina],
      '/api/users?search=wek&role=admin&status=active&limit=50&offset=0': [amina],
    });
    renderPage();
    expect((searchBox() as HTMLInputElement).placeholder).toBe('Search by name, username or email...');
    fireEvent.change(searchBox(), { target: { value: 'wek' } });
    await waitFor(() => expect(reads).toContain('/api/users?search=wek&limit=50&offset=0'), SLOW);
    await waitFor(() => expect(screen.queryByTestId('user-row-okoth')).toBeNull(), SLOW);
    expect(row('amina').getByText('Amina Wekesa')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    await waitFor(() => expect(reads).toContain('/api/users?search=wek&role=admin&limit=50&offset=0'), SLOW);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    await waitFor(
      () => expect(reads).toContain('/api/users?search=wek&role=admin&status=active&limit=50&offset=0'),
      SLOW,
    );
  });

  it("says when no user matches, and 'Clear filters' shows everyone again", async () => {
    serve({
      '/api/users?role=beneficiary&limit=50&offset=0': [baraka],
      '/api/users?role=beneficiary&status=inactive&limit=50&offset=0': [],
    });
    renderPage();
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'beneficiary' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    expect(await screen.findByText('No users match these filters.', {}, SLOW)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByText('No users match these filters.')).toBeNull();
    expect(row('okoth').getByText('John Okoth')).toBeTruthy();
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('keeps the filters in the address: a reload, a bookmark or a shared link gives the same list', async () => {
    serve({
      '/api/users?role=admin&limit=50&offset=0': [amina],
      '/api/users?role=admin&status=active&limit=50&offset=0': [amina],
      '/api/users?search=wek&role=admin&status=active&limit=50&offset=0': [amina],
    });
    const { AddressProbe, address } = watchAddress();
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_QUERY_KEY, grace);
    const first = renderWithProviders(
      <>
        <UsersPage />
        <AddressProbe />
      </>,
      { client, route: '/users' },
    );
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    fireEvent.change(searchBox(), { target: { value: 'wek' } });
    await waitFor(() => expect(address()).toBe('/users?search=wek&role=admin&status=active'), SLOW);
    first.unmount();

    reads = [];
    const again = createQueryClient();
    again.setQueryData(CURRENT_USER_QUERY_KEY, grace);
    renderWithProviders(<UsersPage />, { client: again, route: '/users?search=wek&role=admin&status=active' });
    expect(await screen.findByTestId('user-row-amina')).toBeTruthy();
    expect((searchBox() as HTMLInputElement).value).toBe('wek');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('admin');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    expect(reads).toEqual(['/api/users?search=wek&role=admin&status=active&limit=50&offset=0']);
  });

  it('shows under its filter what the address holds that the list cannot take, and lists the rest', async () => {
    serve({ '/api/users?role=admin&limit=50&offset=0': [amina] });
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_QUERY_KEY, grace);
    renderWithProviders(<UsersPage />, { client, route: '/users?role=admin&status=asleep' });
    expect(await screen.findByTestId('user-row-amina')).toBeTruthy();
    expect(screen.getByText('Status must be active or inactive')).toBeTruthy();
    expect(reads).toEqual(['/api/users?role=admin&limit=50&offset=0']);
  });

  it('keeps its own text for a list that is truly empty, without a Clear filters button', () => {
    renderPage(grace, []);
    expect(screen.getByText('No users found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});

it('offers Edit on every row, Reset Password and Delete only on rows that are neither mine nor a superadmin', () => {
  renderPage();
  for (const username of ['grace', 'otieno', 'amina', 'okoth', 'baraka'])
    expect(row(username).getByRole('button', { name: /^Edit/ })).toBeTruthy();
  for (const username of ['grace', 'otieno']) {
    expect(row(username).queryByRole('button', { name: /^Reset Password/ })).toBeNull();
    expect(row(username).queryByRole('button', { name: /^Delete/ })).toBeNull();
  }
  for (const username of ['amina', 'okoth', 'baraka']) {
    expect(row(username).getByRole('button', { name: /^Reset Password/ })).toBeTruthy();
    expect(row(username).getByRole('button', { name: /^Delete/ })).toBeTruthy();
  }
  expect(screen.getByRole('button', { name: 'Create User' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add Admin User' })).toBeTruthy();
});

it("links each user's Activity to the Audit log filtered to that person", () => {
  renderPage();
  for (const user of [grace, other, amina, okoth, baraka]) {
    const link = row(user.username).getByRole('link', { name: `Activity of ${user.firstName} ${user.lastName}` });
    expect(link.textContent).toBe('Activity');
    expect(link.getAttribute('href')).toBe(`/audit?actor=${user.id}`);
  }
});

it('shows a skeleton while the list loads', () => {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, grace);
  jest.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
  renderWithProviders(<UsersPage />, { client, route: '/users' });
  expect(screen.getByLabelText('Loading users')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

it('shows a clear message instead of the table to anyone but a superadmin', () => {
  renderPage(amina);
  expect(screen.getByText('User Management is for Super Admins')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Create User' })).toBeNull();
});

describe('Create New User', () => {
  it('checks the form with the product’s messages and counts the username', async () => {
    renderPage();
    await click(screen.getByRole('button', { name: 'Create User' }));
    expect(screen.getByRole('heading', { name: 'Create New User' })).toBeTruthy();
    const role = dialog().getByLabelText(/^User Role/) as HTMLSelectElement;
    expect(role.value).toBe('viewer');
    expect([...role.options].map((o) => o.textContent)).toEqual([
      'Viewer: view-only access to all sections.',
      'Admin: full access except user management.',
      'Super Admin: full access including user management and delete operations.',
      'Beneficiary: access limited to own profile and records.',
    ]);

    await click(dialog().getByRole('button', { name: 'Create User' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username is required',
      'Password is required',
    ]) {
      expect(dialog().getByText(message)).toBeTruthy();
    }
    fill(/^First Name/, 'Akinyi');
    expect(dialog().queryByText('First name is required')).toBeNull();

    fill(/^Username/, 'abcdefghijkl');
    expect((dialog().getByLabelText(/^Username/) as HTMLInputElement).value).toBe('abcdefghij');
    expect(dialog().getByTestId('username-counter').textContent).toBe('10/10 characters');

    fill(/^Temporary Password/, 'abc');
    fill(/^Confirm Password/, 'abd');
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(dialog().getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(dialog().getByText('Passwords do not match')).toBeTruthy();

    // A password the sign-in form would refuse locks the new user out: the dialog refuses it first.
    fill(/^Temporary Password/, 'abcdef');
    fill(/^Confirm Password/, 'abcdef');
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(dialog().getByText('Password must be at least 8 characters')).toBeTruthy();
    fill(/^Temporary Password/, 'Abcdefgh');
    fill(/^Confirm Password/, 'Abcdefgh');
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(dialog().getByText('Password must contain at least one symbol')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('creates the user, closes, refreshes the list and says they must change the password', async () => {
    let finish: (value: unknown) => void = () => undefined;
    request.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    // The list read again after the save.
    serve({ '/api/users?limit=50&offset=0': [grace, other, amina, okoth, baraka] });
    renderPage();
    await click(screen.getByRole('button', { name: 'Add Admin User' }));
    expect((dialog().getByLabelText(/^User Role/) as HTMLSelectElement).value).toBe('admin');
    fill(/^First Name/, 'Akinyi');
    fill(/^Last Name/, 'Odhiambo');
    fill(/^Username/, 'akinyi');
    fill(/^Email/, 'not-an-email');
    fill(/^Temporary Password/, 'Temp!pass1');
    fill(/^Confirm Password/, 'Temp!pass1');
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(dialog().getByText('Please enter a valid email address')).toBeTruthy();
    fill(/^Email/, 'akinyi@example.org');
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(dialog().getByRole('button', { name: 'Creating...' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith('POST', '/api/users', {
      firstName: 'Akinyi',
      lastName: 'Odhiambo',
      username: 'akinyi',
      password: 'Temp!pass1',
      role: 'admin',
      email: 'akinyi@example.org',
      beneficiaryId: null,
    });
    await act(async () => finish({ id: 'u6' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      screen.getByText('User created successfully. They will need to change their password on first login.'),
    ).toBeTruthy();
    expect(reads).toContain('/api/users?limit=50&offset=0');
  });

  it('needs the child for a beneficiary account, picked by searching, and shows the server message on failure', async () => {
    const child = {
      id: 'KCF-000001',
      fullName: 'Baraka Mwangi',
      photoUrl: null,
      photoThumbnailUrl: null,
      updatedAt: '2026-03-02T08:00:00.000Z',
    };
    serve({ '/api/beneficiaries?search=Baraka&limit=8&sort=fullName&dir=asc': [child] });
    request.mockRejectedValueOnce(
      new ApiError(409, '409: {"message":"Username already exists"}', { message: 'Username already exists' }),
    );
    renderPage();
    await click(screen.getByRole('button', { name: 'Create User' }));
    fill(/^First Name/, 'Baraka');
    fill(/^Last Name/, 'Mwangi');
    fill(/^Username/, 'baraka2');
    fireEvent.change(dialog().getByLabelText(/^User Role/), { target: { value: 'beneficiary' } });
    fill(/^Temporary Password/, 'Temp!pass1');
    fill(/^Confirm Password/, 'Temp!pass1');
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(dialog().getByText('Beneficiary is required')).toBeTruthy();
    fill(/^Beneficiary/, 'Baraka');
    await click(await dialog().findByRole('button', { name: /Baraka Mwangi/ }));
    expect(dialog().getByText('KCF-000001')).toBeTruthy();
    await click(dialog().getByRole('button', { name: 'Create User' }));
    expect(request).toHaveBeenCalledWith(
      'POST',
      '/api/users',
      expect.objectContaining({ role: 'beneficiary', beneficiaryId: 'KCF-000001' }),
    );
    expect(screen.getByText('Username already exists')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("shows the server's refusal of an unknown child under the field", async () => {
    request.mockRejectedValueOnce(
      new ApiError(400, '400: {"message":"Beneficiary not found"}', {
        message: 'Beneficiary not found',
        errors: [{ path: 'beneficiaryId', message: 'Beneficiary not found' }],
      }),
    );
    renderPage();
    await click(row('baraka').getByRole('button', { name: /^Edit/ }));
    expect(dialog().getByText('KCF-000001')).toBeTruthy();
    await click(dialog().getByRole('button', { name: 'Save Changes' }));
    expect(request).toHaveBeenCalledWith(
      'PUT',
      '/api/users/u5',
      expect.objectContaining({ beneficiaryId: 'KCF-000001' }),
    );
    expect(dialog().getByText('Beneficiary not found')).toBeTruthy();
  });
});

describe('Reset Password', () => {
  it('names the user, lists the requirements, refuses a weak password and resets', async () => {
    request.mockResolvedValueOnce({ message: 'ok' });
    renderPage();
    await click(row('amina').getByRole('button', { name: /^Reset Password/ }));
    expect(dialog().getByText('Amina Wekesa')).toBeTruthy();
    expect(dialog().getByText('At least 8 characters')).toBeTruthy();
    const submit = dialog().getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fill(/^New Password/, 'weakpass');
    expect(submit.disabled).toBe(false);
    await click(submit);
    expect(screen.getByText('Invalid Password')).toBeTruthy();
    expect(
      screen.getByText(
        'Password must be at least 8 characters with uppercase, lowercase, number, and special character',
      ),
    ).toBeTruthy();
    expect(request).not.toHaveBeenCalled();

    fill(/^New Password/, 'Welcome1!');
    await click(submit);
    expect(request).toHaveBeenCalledWith('PUT', '/api/admin/reset-password/u3', { newPassword: 'Welcome1!' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      screen.getByText('Password reset successfully. User will be required to change password on next login.'),
    ).toBeTruthy();
  });

  it('sends a signed-out superadmin to sign in again', async () => {
    const navigation = watchNavigation();
    request.mockRejectedValueOnce(new ApiError(401, '401: {"message":"Unauthorized"}', { message: 'Unauthorized' }));
    renderPage();
    await click(row('okoth').getByRole('button', { name: /^Reset Password/ }));
    fill(/^New Password/, 'Welcome1!');
    await click(dialog().getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Unauthorized - You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() => expect(navigation).toHaveBeenCalledWith('/api/login'));
  });
});

describe('Delete', () => {
  it('asks first and does nothing when cancelled', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage();
    await click(row('okoth').getByRole('button', { name: /^Delete/ }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete user John Okoth? This action cannot be undone.',
    );
    expect(request).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it('deletes, or explains a user who created records', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    request.mockResolvedValueOnce(undefined);
    renderPage();
    await click(row('okoth').getByRole('button', { name: /^Delete/ }));
    expect(request).toHaveBeenCalledWith('DELETE', '/api/users/u4');
    expect(screen.getByText('User deleted successfully')).toBeTruthy();

    request.mockRejectedValueOnce(
      new ApiError(409, '409: {"message":"Cannot delete user who has created records"}', {
        message: 'Cannot delete user who has created records',
      }),
    );
    await click(row('amina').getByRole('button', { name: /^Delete/ }));
    expect(
      screen.getByText('Cannot delete user who has created records. User has existing financial or document records.'),
    ).toBeTruthy();
    confirm.mockRestore();
  });

  it('tells a signed-out superadmin in one line and sends them to sign in again', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const navigation = watchNavigation();
    request.mockRejectedValueOnce(new ApiError(401, '401: {"message":"Unauthorized"}', { message: 'Unauthorized' }));
    renderPage();
    await click(row('okoth').getByRole('button', { name: /^Delete/ }));
    expect(screen.getByText('Unauthorized - You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() => expect(navigation).toHaveBeenCalledWith('/api/login'));
    confirm.mockRestore();
  });
});

it('Edit updates the name, email and role', async () => {
  request.mockResolvedValueOnce({ ...okoth, firstName: 'Johnny', role: 'admin' });
  renderPage();
  await click(row('okoth').getByRole('button', { name: /^Edit/ }));
  expect((dialog().getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('John');
  expect((dialog().getByLabelText(/^Email/) as HTMLInputElement).value).toBe('okoth@example.org');
  fill(/^First Name/, 'Johnny');
  fill(/^Email/, 'john.okoth@example.org');
  fireEvent.change(dialog().getByLabelText(/^User Role/), { target: { value: 'admin' } });
  await click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(request).toHaveBeenCalledWith('PUT', '/api/users/u4', {
    firstName: 'Johnny',
    lastName: 'Okoth',
    role: 'admin',
    email: 'john.okoth@example.org',
    beneficiaryId: null,
  });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('User updated successfully')).toBeTruthy();
});
