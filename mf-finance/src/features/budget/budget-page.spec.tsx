/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createQueryClient, CURRENT_USER_QUERY_KEY, manualClock, setClock } from '@kcf/web-kit';
import { currentUser, renderWithProviders } from '@kcf/testing/web';
import { fakeServer } from '../../shared/fake-server';
import { budgetItem } from './budget-item.fixture';
import { BudgetPage } from './budget-page';

const of2025 = budgetItem({ id: 'b25', year: 2025, quarter: 'Term 1', plannedAmount: '700.00', usedAmount: '50.00' });
const of2026 = budgetItem({ id: 'b26', year: 2026, quarter: 'Term 3', plannedAmount: '1000.00', usedAmount: '0.00' });

function renderPage(role: 'admin' | 'viewer' = 'admin') {
  const server = fakeServer((path, query) => {
    if (path === '/api/budgets')
      return { body: [of2025, of2026].filter((b) => !query.get('year') || String(b.year) === query.get('year')) };
    return { body: {} };
  });
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role }));
  renderWithProviders(<BudgetPage />, { client });
  return server;
}

beforeEach(() => setClock(manualClock('2026-11-02T08:00:00Z')));
afterEach(() => setClock(null));

describe('BudgetPage', () => {
  it('shows this year by default and another year once chosen: its term cards, breakdown and subtitle', async () => {
    const server = renderPage();
    expect(await screen.findByText('Budget planning and tracking for 2026')).toBeTruthy();
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(year.value).toBe('2026');
    expect([...year.options].map((o) => o.value)).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020']);

    fireEvent.change(year, { target: { value: '2025' } });
    expect(await screen.findByText('Budget planning and tracking for 2025')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('term-card-Term 1')).getByText('KES 700.00')).toBeTruthy());
    expect(server.urls).toContain('/api/budgets?year=2025');
    fireEvent.click(screen.getByRole('button', { name: 'Term 1' }));
    expect(within(screen.getByRole('table')).getByText('KES 650.00')).toBeTruthy();
  });

  it("says a chosen year's term has no budget items with the breakdown's own text, not a filter's", async () => {
    renderPage();
    await screen.findByText('Budget planning and tracking for 2026');
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2021' } });
    expect(await screen.findByText('No budget items found for Term 3 2021')).toBeTruthy();
    expect(screen.queryByText('No budgets match these filters.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('offers Sync with Expenses (a write) to those who may write, never to a viewer', async () => {
    renderPage('admin');
    expect(await screen.findByRole('button', { name: 'Sync with Expenses' })).toBeTruthy();
  });

  it('offers a viewer neither Sync with Expenses nor its hint', async () => {
    renderPage('viewer');
    await screen.findByText('Budget planning and tracking for 2026');
    expect(screen.queryByRole('button', { name: 'Sync with Expenses' })).toBeNull();
    expect(screen.queryByText(/Click Sync with Expenses/)).toBeNull();
  });

  it("keeps the product's text for a term of this year without budget items", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Term 1' }));
    expect(await screen.findByText('No budget items found for Term 1 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
