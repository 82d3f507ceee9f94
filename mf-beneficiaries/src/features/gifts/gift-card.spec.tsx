/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import type { Gift } from '@kcf/contracts';
import { GiftCard } from './gift-card';

jest.mock('./gifts.module.css', () => ({}));
// The card links to its child; a plain anchor stands in for the router's link.
jest.mock('react-router-dom', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock's factory may not use imported bindings
  Link: ({ to, ...rest }: { to: string }) => require('react').createElement('a', { href: to, ...rest }),
}));

const UPDATED = '2026-03-02T08:00:00.000Z';

const gift = (overrides: Partial<Gift> = {}): Gift => ({
  id: '7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d',
  beneficiaryId: 'KCF-000001',
  beneficiary: { id: 'KCF-000001', fullName: 'Neema Akinyi', photoUrl: null },
  giftType: 'christmas',
  amount: '2500.00',
  description: 'Christmas hamper',
  contents: 'Rice, sugar, a dress',
  dateGiven: '2025-12-20',
  photoUrl: '/api/gifts/7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d/photo',
  photoCardUrl: '/api/gifts/7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d/photo/card',
  createdBy: null,
  createdAt: UPDATED,
  updatedAt: UPDATED,
  ...overrides,
});

function renderCard(g: Gift) {
  render(<GiftCard gift={g} canWrite={false} canDelete={false} onEdit={jest.fn()} onDelete={jest.fn()} />);
  return screen.queryByRole('img', { name: 'Gift for Neema Akinyi' });
}

describe('the gift card', () => {
  it('shows the card-size picture in a 400x168 box, stamped with the last change', () => {
    const img = renderCard(gift());
    expect(img?.getAttribute('src')).toBe(
      `/api/gifts/7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d/photo/card?t=${Date.parse(UPDATED)}`,
    );
    expect(img?.getAttribute('width')).toBe('400');
    expect(img?.getAttribute('height')).toBe('168');
  });

  it('falls back to the photo when the gift has no card URL', () => {
    const { photoCardUrl: _none, ...older } = gift();
    expect(renderCard(older)?.getAttribute('src')).toBe(
      `/api/gifts/7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d/photo?t=${Date.parse(UPDATED)}`,
    );
  });

  it('shows no picture for a gift without a photo', () => {
    expect(renderCard(gift({ photoUrl: null, photoCardUrl: null }))).toBeNull();
  });
});
