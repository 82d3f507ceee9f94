/** @jest-environment jsdom */
import type { ComponentType } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  childKey,
  childProfileReads,
  createQueryClient,
  CURRENT_USER_QUERY_KEY,
  urlFromQueryKey,
  type CurrentUser,
} from '@kcf/web-kit';
import { recordFor } from '@kcf/web-kit/early';
import { currentUser, jsonAnswer, renderWithProviders, watchNavigation } from '@kcf/testing/web';
import { App } from './app';
import { remoteLoader } from './remotes/federation-runtime';

jest.mock('./remotes/federation-runtime', () => ({
  remoteLoader: { load: jest.fn(), forget: jest.fn(), prefetchEntry: jest.fn(async () => undefined) },
}));
jest.mock('@kcf/web-kit', () => ({ ...jest.requireActual('@kcf/web-kit'), redirectTo: jest.fn() }));
const load = remoteLoader.load as jest.Mock;
const forget = remoteLoader.forget as jest.Mock;

const user = (fields: Pick<CurrentUser, 'id' | 'username' | 'firstName' | 'role'>) =>
  currentUser({ lastName: '', ...fields });
const superadmin = user({ id: 'u1', username: 'gwanjiru', firstName: 'Grace', role: 'superadmin' });
const viewer = user({ id: 'u2', username: 'okoth', firstName: '', role: 'viewer' });

function renderAt(path: string, user: CurrentUser | null, client = createQueryClient()) {
  client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  return renderWithProviders(<App />, { client, route: path });
}

/** Answers every read with an empty list and notes what was asked. */
function recordReads(): string[] {
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    asked.push(String(input));
    return jsonAnswer(200, []);
  }) as typeof fetch;
  return asked;
}
/**
 * A remote's code that has not arrived yet. `drop` fails it at the test's end: a load still pending would
 * be shared with the next test that opens the same page (the shell keeps one load per page).
 */
function codeOnItsWay() {
  let fail: (error: Error) => void = () => undefined;
  load.mockReturnValue(new Promise((_, reject) => (fail = reject)));
  return {
    drop: async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await act(async () => fail(new Error('never arrived')));
      expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    },
  };
}
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

beforeEach(() => {
  load.mockReset();
  forget.mockReset();
});

describe('signed out', () => {
  it('shows the landing page at / and at any unknown path', () => {
    for (const path of ['/', '/budget']) {
      const view = renderAt(path, null);
      expect(screen.getByText('It Takes A Village To Raise A Child')).toBeTruthy();
      expect(screen.getByText('Gifts Tracking')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Sign In to Continue' })).toBeTruthy();
      view.unmount();
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the about page', () => {
    renderAt('/about', null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('About');
  });
});

describe('signed in', () => {
  it('shows the dashboard inside the layout, with the user and role in the sidebar', () => {
    renderAt('/', superadmin);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('sidebar-user').textContent).toBe('Grace (Super Admin)');
    expect(screen.getByRole('link', { name: 'User Management' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change Password' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('hides User Management from a viewer and answers /users with the 404 page', () => {
    renderAt('/users', viewer);
    expect(screen.queryByRole('link', { name: 'User Management' })).toBeNull();
    expect(screen.getByTestId('sidebar-user').textContent).toBe('okoth (Viewer)');
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the 404 page for an unknown path', () => {
    renderAt('/nowhere', superadmin);
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('shows a skeleton while a remote page loads', () => {
    load.mockReturnValue(new Promise(() => undefined));
    renderAt('/budget', superadmin);
    expect(screen.getByLabelText('Loading section')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('mf_finance', './BudgetPage');
  });

  it('shows a page whose code has arrived in the same render as the layout, without its skeleton', async () => {
    const Audit: ComponentType = () => <h1>Audit Log</h1>;
    load.mockResolvedValue({ default: Audit });
    const first = renderAt('/audit', superadmin);
    expect(screen.getByLabelText('Loading section')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    first.unmount();

    // A reload whose section code ran while the sign-in state was on its way: no skeleton first.
    renderAt('/audit', superadmin);
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading section')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts a child's profile's reads with its code, the child first, while the code is still on its way", async () => {
    const asked = recordReads();
    const code = codeOnItsWay();
    renderAt('/beneficiaries/KCF-000012', superadmin);
    expect(screen.getByLabelText('Loading section')).toBeTruthy();
    const expected = childProfileReads('KCF-000012').map((key) => urlFromQueryKey(key));
    expect(expected[0]).toBe('/api/beneficiaries/KCF-000012');
    await waitFor(() => expect(asked).toEqual(expected));
    expect(screen.getByLabelText('Loading section')).toBeTruthy();
    // Remembered for the address, so that a reload sends them at once (web-kit's early-requests.ts).
    expect(recordFor('/beneficiaries/KCF-000012')?.reads).toEqual(expected);
    await code.drop();
  });

  it("does not read again what is already there, nor a page's reads for a role that may not open it", async () => {
    const asked = recordReads();
    const code = codeOnItsWay();
    const client = createQueryClient();
    client.setQueryData(childKey('KCF-000012'), { id: 'KCF-000012' });
    const profile = renderAt('/beneficiaries/KCF-000012', superadmin, client);
    await waitFor(() => expect(asked).toHaveLength(childProfileReads('KCF-000012').length - 1));
    expect(asked).not.toContain('/api/beneficiaries/KCF-000012');
    await code.drop();
    profile.unmount();

    const parent = {
      ...user({ id: 'u4', username: 'wafula', firstName: 'Mary', role: 'beneficiary' }),
      beneficiaryId: 'KCF-000007',
    };
    const reads = recordReads();
    renderAt('/users', parent);
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
    await act(async () => undefined);
    expect(reads).toEqual([]);
  });

  it('contains a failed remote and loads it again on Retry', async () => {
    const Users: ComponentType = () => <h1>User Management</h1>;
    load
      .mockRejectedValueOnce(new Error('Failed to load script resources. #RUNTIME-008'))
      .mockResolvedValueOnce({ default: Users });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/users', superadmin);

    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByText(/could not be downloaded/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(forget).toHaveBeenCalledWith('mf_admin');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a beneficiary user', () => {
  const parent = {
    ...user({ id: 'u4', username: 'wafula', firstName: 'Mary', role: 'beneficiary' }),
    beneficiaryId: 'KCF-000007',
  };

  it("starts at its own child's profile and sees only that child's pages", () => {
    load.mockReturnValue(new Promise(() => undefined));
    renderAt('/', parent);
    expect(load).toHaveBeenCalledWith('mf_beneficiaries', './BeneficiaryDetailPage');
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Beneficiaries', 'Gifts', 'Change Password']);
    expect(screen.getByTestId('sidebar-user').textContent).toBe('Mary (Beneficiary)');
  });

  it.each(['/finances', '/budget', '/users'])('gets the 404 page at %s', (path) => {
    renderAt(path, parent);
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('a user who must change the password', () => {
  const fresh = {
    ...user({ id: 'u3', username: 'akinyi', firstName: 'Akinyi', role: 'admin' }),
    mustChangePassword: true,
  };

  it.each(['/', '/beneficiaries', '/users', '/nowhere', '/change-password'])(
    'gets the Change Password page at %s',
    async (path) => {
      renderAt(path, fresh);
      expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Beneficiaries' })).toBeNull();
      expect(screen.getByText('Change your password to continue.')).toBeTruthy();
      expect(screen.getByTestId('sidebar-user').textContent).toBe('Akinyi (Admin)');
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
      expect(load).not.toHaveBeenCalled();
    },
  );
});

describe('the signed-in frame', () => {
  it('opens the sidebar from the top bar and closes it when a link is tapped or the overlay is', () => {
    renderAt('/', superadmin);
    const sidebar = document.getElementById('sidebar');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(sidebar?.className).toContain('kcf-sidebar--open');
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Change Password' }));
    expect(sidebar?.className).not.toContain('kcf-sidebar--open');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByTestId('sidebar-overlay'));
    expect(sidebar?.className).not.toContain('kcf-sidebar--open');
  });

  it('warns after 4 idle minutes, and at 5 ends the session and opens the sign-in page saying why', async () => {
    jest.useFakeTimers();
    try {
      const asked = recordReads();
      const navigation = watchNavigation();
      renderAt('/', superadmin);
      act(() => jest.advanceTimersByTime(4 * 60_000));
      expect(screen.getByText('Session Warning')).toBeTruthy();
      expect(screen.getByText(/You will be logged out in 1 minute due to inactivity/)).toBeTruthy();
      act(() => jest.advanceTimersByTime(10_000));
      expect(screen.queryByText('Session Warning')).toBeNull();
      act(() => jest.advanceTimersByTime(50_000));
      expect(screen.getByText('Session Expired')).toBeTruthy();
      expect(screen.getByText('You have been logged out due to inactivity.')).toBeTruthy();
      expect(navigation).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      await waitFor(() => expect(navigation).toHaveBeenCalledWith('/login?signedOut=idle'));
      expect(asked).toContain('/api/logout/local');
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });

  it('does not sign out someone who keeps working', () => {
    jest.useFakeTimers();
    try {
      const asked = recordReads();
      const navigation = watchNavigation();
      renderAt('/', superadmin);
      for (let minute = 0; minute < 12; minute += 1) {
        act(() => jest.advanceTimersByTime(3 * 60_000));
        fireEvent.keyDown(document.body, { key: 'a' });
      }
      expect(screen.queryByText('Session Warning')).toBeNull();
      expect(screen.queryByText('Session Expired')).toBeNull();
      expect(navigation).not.toHaveBeenCalled();
      expect(asked).not.toContain('/api/logout/local');
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });
});
