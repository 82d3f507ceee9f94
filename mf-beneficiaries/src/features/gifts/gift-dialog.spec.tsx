/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Gift } from '@kcf/contracts';
import { jsonAnswer, renderWithProviders, watchNavigation } from '@kcf/testing/web';
import GiftDialog from './gift-dialog';

jest.mock('./gifts.module.css', () => ({}));

const STAMP = '2026-03-02T08:00:00.000Z';

const gift: Gift = {
  id: '7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d',
  beneficiaryId: 'KCF-000001',
  beneficiary: { id: 'KCF-000001', fullName: 'Neema Akinyi', photoUrl: null },
  giftType: 'christmas',
  amount: '2500.00',
  description: 'Christmas hamper',
  contents: 'Rice, sugar, a dress',
  dateGiven: '2025-12-20',
  photoUrl: null,
  photoCardUrl: null,
  createdBy: null,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

it("tells a signed-out user in one line, 'Unauthorized: ...', and sends them to sign in again", async () => {
  globalThis.fetch = jest.fn(async () => jsonAnswer(401, { message: 'Unauthorized' })) as typeof fetch;
  const navigation = watchNavigation();
  renderWithProviders(<GiftDialog gift={gift} onClose={jest.fn()} />);
  expect((screen.getByLabelText(/^Date Given/) as HTMLInputElement).value).toBe('20/12/2025');

  fireEvent.click(screen.getByRole('button', { name: 'Update Gift' }));
  expect(await screen.findByText('Unauthorized: You are logged out. Logging in again...')).toBeTruthy();
  await waitFor(() => expect(navigation).toHaveBeenCalledWith('/api/login'));
});
