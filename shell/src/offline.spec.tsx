/** @jest-environment jsdom */
import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { OFFLINE_MESSAGE } from '@kcf/ui';
import { createQueryClient, CURRENT_USER_QUERY_KEY, DASHBOARD_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, renderWithProviders, simulateConnection } from '@kcf/testing/web';
import { App } from './app';
import { remoteLoader } from './remotes/federation-runtime';
import { REMOTE_OFFLINE_MESSAGE } from './remotes/remote-error-boundary';
import type { RemoteManifest, RemoteName } from './remotes/remote-manifest';
import { hostableRemote } from './remotes/remote-versions';

jest.mock('./remotes/federation-runtime', () => ({
  remoteLoader: { load: jest.fn(), forget: jest.fn() },
}));
const load = remoteLoader.load as jest.Mock;
const forget = remoteLoader.forget as jest.Mock;

const superadmin = currentUser();

function renderAt(path: string, user: ReturnType<typeof currentUser> | null) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  client.setQueryData(DASHBOARD_QUERY_KEY, {
    stats: {
      totalBeneficiaries: 12,
      activeInSchool: 10,
      specialNeeds: 2,
      totalDonations: '100.00',
      totalExpenses: '40.00',
      netBalance: '60.00',
    },
    budgets: [],
    recentBeneficiaries: [],
    errors: {},
  });
  return renderWithProviders(<App />, { client, route: path });
}

let connection: ReturnType<typeof simulateConnection>;
beforeEach(() => {
  load.mockReset();
  forget.mockReset();
  connection = simulateConnection();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  connection.restore();
  jest.restoreAllMocks();
});

const banners = () => screen.queryAllByRole('status').filter((el) => el.textContent === OFFLINE_MESSAGE);

describe('the offline banner', () => {
  it('shows once in the signed-in frame while offline, and goes when the connection returns', () => {
    renderAt('/', superadmin);
    expect(banners()).toHaveLength(0);
    act(() => connection.goOffline());
    expect(banners()).toHaveLength(1);
    // The page stays: the dashboard and the sidebar are still there.
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beneficiaries' })).toBeTruthy();
    act(() => connection.goOnline());
    expect(banners()).toHaveLength(0);
  });

  it('shows on the signed-out pages too', () => {
    renderAt('/about', null);
    act(() => connection.goOffline());
    expect(banners()).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('About');
  });
});

// Each case opens a different page: a page that loaded once is kept for the rest of the run.
describe('a section that failed to load', () => {
  const Users: ComponentType = () => <h1>User Management</h1>;
  const Budget: ComponentType = () => <h1>Budget</h1>;

  it('says the browser is offline, then loads by itself when the connection returns', async () => {
    connection.goOffline();
    load
      .mockRejectedValueOnce(new Error('Failed to load script resources. #RUNTIME-008'))
      .mockResolvedValueOnce({ default: Users });
    renderAt('/users', superadmin);

    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByText(REMOTE_OFFLINE_MESSAGE)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => connection.goOnline());
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(forget).toHaveBeenCalledWith('mf_admin');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the reason while online, and tries again after the connection dropped and came back', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ default: Budget });
    renderAt('/budget', superadmin);
    expect(await screen.findByText('Failed to fetch')).toBeTruthy();

    act(() => connection.goOffline());
    expect(screen.getByText(REMOTE_OFFLINE_MESSAGE)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => connection.goOnline());
    expect(await screen.findByRole('heading', { name: 'Budget' })).toBeTruthy();
    expect(forget).toHaveBeenCalledWith('mf_finance');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows Retry, not a crash, for a remote of another major or one missing from the list of sections', async () => {
    const Finances: ComponentType = () => <h1>Finances</h1>;
    let manifest: RemoteManifest = { mf_finance: { entry: '/remotes/finance/remoteEntry.js', version: '1.0.0' } };
    load.mockImplementation(async (remote: RemoteName) => {
      hostableRemote(manifest, remote);
      return { default: Finances };
    });
    renderAt('/finances', superadmin);
    expect(await screen.findByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByText(/This section was updated to version 1\.0\.0, which this page cannot show/)).toBeTruthy();
    // The sidebar still works.
    expect(screen.getByRole('link', { name: 'Beneficiaries' })).toBeTruthy();

    manifest = {};
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('The list of sections has no address for mf_finance')).toBeTruthy();

    manifest = { mf_finance: { entry: '/remotes/finance/remoteEntry.js', version: '0.2.0' } };
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByRole('heading', { name: 'Finances' })).toBeTruthy();
    expect(forget).toHaveBeenCalledWith('mf_finance');
  });

  it('is not loaded again by itself while the connection holds', async () => {
    load.mockRejectedValue(new Error('mf_beneficiaries did not provide ./GiftsPage'));
    renderAt('/gifts', superadmin);
    expect(await screen.findByText('mf_beneficiaries did not provide ./GiftsPage')).toBeTruthy();
    act(() => connection.goOnline());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(forget).not.toHaveBeenCalled();
  });
});
