/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { consentKey } from '../consent/consent-api';
import { SpecialNeedsCard } from './special-needs-card';

/** A card's form comes with its own chunk when first opened: a spinner over the page stands in meanwhile. */

const ID = 'KCF-000123';
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

it('opens the special-need form once its code has loaded, a spinner in its place meanwhile', async () => {
  globalThis.fetch = jest.fn(async () => jsonAnswer(200, [])) as typeof fetch;
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role: 'admin' }));
  client.setQueryData(consentKey(ID), []);
  renderWithProviders(<SpecialNeedsCard beneficiaryId={ID} />, { client, route: '/' });
  await screen.findByText('No special needs recorded for this beneficiary.');

  fireEvent.click(screen.getByRole('button', { name: 'Add Special Need' }));
  expect(screen.getByText('Loading form')).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();

  expect(await screen.findByRole('dialog', { name: 'Add Special Need' })).toBeTruthy();
  expect(screen.queryByText('Loading form')).toBeNull();
});
