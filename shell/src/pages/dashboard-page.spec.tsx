/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DASHBOARD_RECENT_COUNT, type Dashboard } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { RECENT_COUNT } from '../dashboard/dashboard-data';
import { foundationDay, termOf } from '../dashboard/dashboard-rules';
import { DashboardPage } from './dashboard-page';

const realFetch = globalThis.fetch;
let requested: string[];
let answer: () => Promise<Response>;

beforeEach(() => {
  requested = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    requested.push(String(url));
    return answer();
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const { year, month } = foundationDay(new Date());
const quarter = termOf(month);
const stats = {
  totalBeneficiaries: 42,
  activeInSchool: 37,
  specialNeeds: 5,
  totalDonations: '50000.00',
  totalExpenses: '2500.00',
  netBalance: '47500.00',
};
const budgets = [
  { id: 'b1', quarter, year, category: 'school_fees', plannedAmount: '2000.00', usedAmount: '2500.00' },
  { id: 'b2', quarter, year, category: 'special_needs', plannedAmount: '5000.00', usedAmount: '0.00' },
] as Dashboard['budgets'];
const child = (n: number, isActive: boolean) => ({
  id: `KCF-00000${n}`,
  fullName: `Child ${n}`,
  photoUrl: null,
  photoThumbnailUrl: null,
  isActive,
  createdAt: new Date().toISOString(),
});
const consents = { registrationMissing: 2, photosMissing: 0, expiring: [], expiringTotal: 0 };
const whole: Dashboard = {
  stats,
  budgets,
  recentBeneficiaries: [child(1, true), child(2, false)],
  consents,
  errors: {},
};

function renderDashboard() {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ firstName: 'Grace', role: 'admin' }));
  return renderWithProviders(<DashboardPage />, { client, route: '/' });
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('the dashboard', () => {
  it('reads everything with one request, showing skeletons until the answer is in', async () => {
    let deliver!: (res: Response) => void;
    answer = () => new Promise((resolve) => (deliver = resolve));
    renderDashboard();
    await act(async () => undefined);
    expect(requested).toEqual(['/api/dashboard']);
    expect(screen.queryByTestId('stat-Total Beneficiaries')).toBeNull();
    expect(screen.getByLabelText('Recent beneficiaries').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('net-balance')).toBeNull();

    await act(async () => deliver(jsonAnswer(200, whole)));
    expect((await screen.findByTestId('stat-Total Beneficiaries')).textContent).toBe('42');
    expect(screen.getByTestId('stat-Active in School').textContent).toBe('37');
    expect(screen.getByTestId('stat-Special Needs Records').textContent).toBe('5');
    expect(screen.getByTestId('stat-Total Donations in KSH').textContent).toBe('50,000.00');
    const recent = within(screen.getByLabelText('Recent beneficiaries'));
    expect(recent.getByRole('link', { name: 'Child 1' }).getAttribute('href')).toBe('/beneficiaries/KCF-000001');
    expect(recent.getByText('KCF-000001 · Today')).toBeTruthy();
    expect(recent.getByText('Active')).toBeTruthy();
    expect(recent.getByText('Inactive')).toBeTruthy();
    const overview = within(card('Financial Overview'));
    expect(overview.getByText('School Fees')).toBeTruthy();
    expect(overview.getByText('Special Needs')).toBeTruthy();
    expect(overview.getByText('KSH 2,500.00 / KSH 2,000.00')).toBeTruthy();
    expect(overview.getByText('KSH 7,000.00')).toBeTruthy();
    expect(screen.getByTestId('net-balance').textContent).toBe('KSH 47,500.00');
    expect(screen.getByTestId('net-balance').className).toBe('kcf-positive');
    expect(screen.getByTestId('consent-registration_missing').textContent).toBe('2 children');
    expect(requested).toEqual(['/api/dashboard']);
  });

  it('shows the empty texts', async () => {
    answer = async () => jsonAnswer(200, { ...whole, budgets: [], recentBeneficiaries: [] });
    renderDashboard();
    expect(await screen.findByText('No beneficiaries registered yet.')).toBeTruthy();
    expect(screen.getByText('No budget data available for this quarter.')).toBeTruthy();
  });

  it('shows the error of a part the gateway could not read on its own card, the rest as usual, and Retry reads again', async () => {
    answer = async () =>
      jsonAnswer(200, { ...whole, budgets: null, errors: { budgets: 'The finance service is unavailable' } });
    renderDashboard();
    expect(await screen.findByText('Budgets could not be loaded')).toBeTruthy();
    expect(screen.getByText('The finance service is unavailable')).toBeTruthy();
    expect(screen.getByTestId('stat-Total Beneficiaries').textContent).toBe('42');
    expect(screen.getByRole('link', { name: 'Child 1' })).toBeTruthy();
    expect(screen.getByTestId('net-balance').textContent).toBe('KSH 47,500.00');
    expect(screen.queryByText('Figures could not be loaded')).toBeNull();

    answer = async () => jsonAnswer(200, whole);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('School Fees')).toBeTruthy();
    expect(screen.queryByText('Budgets could not be loaded')).toBeNull();
    expect(requested).toEqual(['/api/dashboard', '/api/dashboard']);
  });

  it('shows every card’s error when the read itself fails', async () => {
    answer = async () => jsonAnswer(503, { message: 'Service busy' });
    renderDashboard();
    expect(await screen.findByText('Figures could not be loaded')).toBeTruthy();
    expect(screen.getByText('Beneficiaries could not be loaded')).toBeTruthy();
    expect(screen.getByText('Budgets could not be loaded')).toBeTruthy();
  });

  it('lists as many children as the gateway sends', () => {
    expect(RECENT_COUNT).toBe(DASHBOARD_RECENT_COUNT);
  });
});
