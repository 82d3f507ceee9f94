/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ConsentOverview } from '@kcf/contracts';
import { renderWithProviders } from '@kcf/testing/web';
import { ConsentOverviewCard } from './consent-overview-card';
import type { DashboardSlice } from './dashboard-data';

const overview: ConsentOverview = {
  registrationMissing: 3,
  photosMissing: 1,
  expiring: [
    { beneficiaryId: 'KCF-000007', fullName: 'Neema Akinyi', purpose: 'photos_donor', expiresOn: '2026-03-12' },
    { beneficiaryId: 'KCF-000002', fullName: 'Baraka Wanjala', purpose: 'registration', expiresOn: '2026-03-30' },
  ],
  expiringTotal: 2,
};

/** Where the links lead: the page shows the address it is at. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderCard(consents: DashboardSlice<ConsentOverview>) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<ConsentOverviewCard consents={consents} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/' },
  );
}

describe('the Consent card', () => {
  it('shows how many children lack registration and photo consent, each linking to the filtered list', () => {
    renderCard({ data: overview, retry: jest.fn() });
    const registration = screen.getByTestId('consent-registration_missing');
    expect(registration.textContent).toBe('3 children');
    expect(registration.getAttribute('href')).toBe('/beneficiaries?consent=registration_missing');
    const photos = screen.getByTestId('consent-photos_missing');
    expect(photos.textContent).toBe('1 child');
    expect(photos.getAttribute('href')).toBe('/beneficiaries?consent=photos_missing');
    fireEvent.click(registration);
    expect(screen.getByTestId('where').textContent).toBe('/beneficiaries?consent=registration_missing');
  });

  it('lists the consents expiring in the next 30 days, soonest first, each linking to its child', () => {
    renderCard({ data: overview, retry: jest.fn() });
    expect(screen.getByText('Expiring in the next 30 days')).toBeTruthy();
    const list = within(screen.getByLabelText('Consents expiring soon'));
    const rows = list.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Neema AkinyiPhotos in donor reports12 Mar 2026',
      'Baraka WanjalaRegistration30 Mar 2026',
    ]);
    expect(list.getByRole('link', { name: 'Neema Akinyi' }).getAttribute('href')).toBe('/beneficiaries/KCF-000007');
    expect(screen.queryByText(/more$/)).toBeNull();
  });

  it('says how many more expire than it lists, and when none do', () => {
    const { unmount } = renderCard({ data: { ...overview, expiringTotal: 14 }, retry: jest.fn() });
    expect(screen.getByText('and 12 more')).toBeTruthy();
    unmount();
    renderCard({
      data: { registrationMissing: 0, photosMissing: 0, expiring: [], expiringTotal: 0 },
      retry: jest.fn(),
    });
    expect(screen.getByText('No consent expires in the next 30 days.')).toBeTruthy();
    expect(screen.getByTestId('consent-registration_missing').textContent).toBe('0 children');
  });

  it("shows placeholders while loading, and the part's error with a retry when it could not be read", () => {
    const { unmount } = renderCard({ retry: jest.fn() });
    expect(screen.getByLabelText('Consent overview').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('consent-registration_missing')).toBeNull();
    unmount();
    const retry = jest.fn();
    renderCard({ error: { message: 'The beneficiaries service is unavailable' }, retry });
    expect(screen.getByText('The beneficiaries service is unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(retry).toHaveBeenCalled();
  });
});
