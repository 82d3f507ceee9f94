/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard, DashboardStats, FinanceTransaction } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY, DASHBOARD_QUERY_KEY, manualClock, setClock } from '@kcf/web-kit';
import { currentUser, renderWithProviders, watchAddress } from '@kcf/testing/web';
import { fakeServer } from '../../shared/fake-server';
import { FinancesPage } from './finances-page';

const stamp = '2026-11-01T08:00:00.000Z';
const church: FinanceTransaction = {
  type: 'income',
  record: {
    id: 'i1',
    amount: '5000.00',
    source: 'Church partners',
    date: '2026-11-01',
    remarks: null,
    createdBy: 'u1',
    createdAt: stamp,
    updatedAt: stamp,
  },
};
const stats = (totalDonations: string, totalExpenses: string): DashboardStats =>
  ({
    totalDonations,
    totalExpenses,
    netBalance: totalDonations,
    totalBeneficiaries: 0,
    activeInSchool: 0,
    specialNeeds: 0,
  }) as unknown as DashboardStats;

function renderPage({
  rows,
  totals,
  dashboard,
  route = '/finances',
}: {
  rows: (query: URLSearchParams) => FinanceTransaction[];
  totals: DashboardStats;
  dashboard?: DashboardStats;
  /** The page's address (as after a reload, or from a shared link). */
  route?: string;
}) {
  const server = fakeServer((path, query) => {
    if (path === '/api/transactions') {
      const found = rows(query);
      return { body: found, total: found.length };
    }
    if (path === '/api/dashboard/stats') return { body: totals };
    return { body: [] };
  });
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role: 'admin' }));
  if (dashboard) client.setQueryData(DASHBOARD_QUERY_KEY, { stats: dashboard } as Partial<Dashboard>);
  const { AddressProbe, address } = watchAddress();
  const page = renderWithProviders(
    <>
      <FinancesPage />
      <AddressProbe />
    </>,
    { client, route },
  );
  return Object.assign(server, { address, unmount: page.unmount });
}

const transactionCalls = (urls: string[]) =>
  urls.filter((u) => u.startsWith('/api/transactions')).map((u) => new URL(u, 'http://x').searchParams);

beforeEach(() => setClock(manualClock('2026-11-20T08:00:00Z')));
afterEach(() => setClock(null));

describe('FinancesPage', () => {
  it("opens Add Income and Add Expense once their forms' code has loaded, a spinner in their place meanwhile", async () => {
    renderPage({ rows: () => [church], totals: stats('5000.00', '0.00') });
    await screen.findByText('Church partners');
    for (const [button, title] of [
      ['Add Income', 'Add Income'],
      ['Add Expense', 'Add Expense'],
    ]) {
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(screen.getByText('Loading form')).toBeTruthy();
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(screen.queryByText('Loading form')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it("opened from the dashboard, shows the dashboard's totals at once, then the fresh ones", async () => {
    const server = renderPage({
      rows: () => [church],
      totals: stats('7000.00', '0.00'),
      dashboard: stats('5000.00', '0.00'),
    });
    expect(screen.getAllByText('KSH 5,000.00').length).toBeGreaterThan(0);
    expect(server.urls.some((u) => u.startsWith('/api/dashboard/stats'))).toBe(true);
    expect((await screen.findAllByText('KSH 7,000.00')).length).toBeGreaterThan(0);
    expect(screen.queryByText('KSH 5,000.00')).toBeNull();
  });

  it('asks the server for this month, newest first, a page at a time, and shows what it answers', async () => {
    const server = renderPage({ rows: () => [church], totals: stats('5000.00', '0.00') });
    expect(await screen.findByText('Church partners')).toBeTruthy();
    const [first] = transactionCalls(server.urls);
    expect(Object.fromEntries(first)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'date',
      dir: 'desc',
      limit: '25',
      offset: '0',
    });
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 1')).toBeTruthy();
  });

  it('searches and filters on the server', async () => {
    const server = renderPage({ rows: () => [church], totals: stats('5000.00', '0.00') });
    await screen.findByText('Church partners');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'church' } });
    await waitFor(() => expect(transactionCalls(server.urls).some((q) => q.get('search') === 'church')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Income' }));
    await waitFor(() =>
      expect(
        transactionCalls(server.urls).some((q) => q.get('type') === 'income' && q.get('search') === 'church'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(transactionCalls(server.urls).some((q) => q.get('sort') === 'amount')).toBe(true));
  });

  it('says a filter found nothing, and Clear filters lists every transaction', async () => {
    const server = renderPage({ rows: (q) => (q.get('from') ? [] : [church]), totals: stats('5000.00', '0.00') });
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
    expect(screen.queryByText('No transactions found. Start by adding your first transaction.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Church partners')).toBeTruthy();
    const last = transactionCalls(server.urls).at(-1)!;
    expect([last.get('from'), last.get('to'), last.get('search'), last.get('type')]).toEqual([null, null, null, null]);
  });

  it('keeps its filters and order in the address: a reload, a bookmark or a shared link gives the same list', async () => {
    const first = renderPage({ rows: () => [church], totals: stats('5000.00', '0.00') });
    await screen.findByText('Church partners');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'church' } });
    fireEvent.click(screen.getByRole('button', { name: 'Income' }));
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(first.address()).toContain('search=church'));
    const address = first.address();
    expect(Object.fromEntries(new URL(address, 'http://x').searchParams)).toEqual({
      type: 'income',
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'church',
      sort: 'amount',
      dir: 'desc',
    });
    first.unmount();

    const again = renderPage({ rows: () => [church], totals: stats('5000.00', '0.00'), route: address });
    await screen.findByText('Church partners');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('church');
    expect(screen.getByRole('button', { name: 'Income' }).getAttribute('aria-pressed')).toBe('true');
    const [asked] = transactionCalls(again.urls);
    expect(Object.fromEntries(asked)).toEqual({
      type: 'income',
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'church',
      sort: 'amount',
      dir: 'desc',
      limit: '25',
      offset: '0',
    });
  });

  it('stays cleared after a reload: Clear filters lists every date, not this month again', async () => {
    const cleared = renderPage({
      rows: (q) => (q.get('search') ? [] : [church]),
      totals: stats('5000.00', '0.00'),
      route: '/finances?search=nobody',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cleared.address()).toBe('/finances?from=&to='));
    cleared.unmount();
    const reloaded = renderPage({
      rows: () => [church],
      totals: stats('5000.00', '0.00'),
      route: '/finances?from=&to=',
    });
    await screen.findByText('Church partners');
    expect(transactionCalls(reloaded.urls).map((q) => Object.fromEntries(q))).toEqual([
      { sort: 'date', dir: 'desc', limit: '25', offset: '0' },
    ]);
  });

  it("keeps the product's text when there are no transactions at all", async () => {
    renderPage({ rows: () => [], totals: stats('0.00', '0.00') });
    expect(await screen.findByText('No transactions found. Start by adding your first transaction.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('makes the Monthly Report of the month chosen', async () => {
    const server = renderPage({ rows: () => [church], totals: stats('5000.00', '0.00') });
    await screen.findByText('Church partners');
    fireEvent.change(screen.getByLabelText('Report month'), { target: { value: '2025-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Monthly Report' }));
    await waitFor(() => expect(server.urls).toContain('/api/reports/monthly?month=2025-02'));
    expect(server.urls.filter((u) => u.startsWith('/api/income') || u.startsWith('/api/expenses'))).toEqual([]);
  });

  it('refuses the Monthly Report of a month that has not begun, asking the server nothing', async () => {
    const server = renderPage({ rows: () => [church], totals: stats('5000.00', '0.00') });
    await screen.findByText('Church partners');
    fireEvent.change(screen.getByLabelText('Report month'), { target: { value: '2027-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Monthly Report' }));
    expect(await screen.findByText('A monthly report can only be made for this month or an earlier one')).toBeTruthy();
    expect(server.urls.filter((u) => u.startsWith('/api/reports'))).toEqual([]);
  });
});
