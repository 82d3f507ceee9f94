/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { GiftsGridPage } from './gifts-page';

const realFetch = globalThis.fetch;
let asked: string[] = [];
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** A JSON answer that the page reader (`fetchPage`, which reads `json()`) and the query function both take. */
const answer = (body: unknown) => Object.assign(jsonAnswer(200, body), { json: async () => body });

/** The gifts API with no gift matching anything. */
function serveNoGifts() {
  asked = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url.startsWith('/api/gifts/totals')) return answer({ count: 0, amount: '0.00' });
    return answer([]);
  }) as typeof fetch;
}

function renderGifts(route: string) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role: 'admin' }));
  renderWithProviders(
    <Routes>
      <Route path="/gifts" element={<GiftsGridPage />} />
    </Routes>,
    { client, route },
  );
}

describe('the gifts page', () => {
  it('asks the server for the filters and the order in the address', async () => {
    serveNoGifts();
    renderGifts('/gifts?search=neema&giftType=special&from=2025-01-01&to=2025-12-31&dir=asc');
    await screen.findByText('No gifts match these filters.');
    const list = asked.find((url) => url.startsWith('/api/gifts?'))!;
    const query = new URL(list, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      search: 'neema',
      giftType: 'special',
      from: '2025-01-01',
      to: '2025-12-31',
      sort: 'dateGiven',
      dir: 'asc',
    });
    expect(asked.some((url) => url.startsWith('/api/gifts/totals?') && url.includes('giftType=special'))).toBe(true);
  });

  it('says a filter found nothing, and clears the filters', async () => {
    serveNoGifts();
    renderGifts('/gifts?giftType=christmas');
    expect(await screen.findByText('No gifts match these filters.')).toBeTruthy();
    expect(screen.queryByText('No gifts found. Start by adding your first gift.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No gifts found. Start by adding your first gift.')).toBeTruthy();
  });

  it('keeps the product’s text for a list with no gift at all', async () => {
    serveNoGifts();
    renderGifts('/gifts');
    expect(await screen.findByText('No gifts found. Start by adding your first gift.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows how many gifts match and their amount', async () => {
    asked = [];
    globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
      const url = String(input);
      if (url.startsWith('/api/gifts/totals')) return answer({ count: 12, amount: '30500.50' });
      return answer([]);
    }) as typeof fetch;
    renderGifts('/gifts');
    await waitFor(() => expect(screen.getByText(/12 gifts/)).toBeTruthy());
    expect(screen.getByText(/KSH 30,500\.50/)).toBeTruthy();
  });

  it('says under To that a From date after it is refused, lists what it can, and never asks the server for it', async () => {
    serveNoGifts();
    renderGifts('/gifts?from=2025-12-31&to=2025-01-01');
    expect(await screen.findByText('To date must be on or after the From date')).toBeTruthy();
    expect(screen.queryByText('Could not load gifts')).toBeNull();
    expect(screen.queryByText(/400/)).toBeNull();
    await waitFor(() => expect(asked.some((url) => url.startsWith('/api/gifts?'))).toBe(true));
    expect(asked.filter((url) => url.includes('to=2025-01-01'))).toEqual([]);
  });
});
