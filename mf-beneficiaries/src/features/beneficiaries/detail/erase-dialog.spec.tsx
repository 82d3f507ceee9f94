/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { User } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { beneficiaryKeys } from '../api';
import { ChildDataCard } from './child-data-card';

const NEEMA = { id: 'KCF-000123', fullName: 'Neema Akinyi' };

let calls: { method: string; url: string; body?: unknown }[] = [];
let erasureAnswer: () => Response = () => jsonAnswer(202, { id: 'req-1', state: 'pending' });
beforeEach(() => {
  calls = [];
  erasureAnswer = () => jsonAnswer(202, { id: 'req-1', state: 'pending' });
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (String(input) === '/api/data-requests' && method === 'POST') return erasureAnswer();
    return jsonAnswer(404, { message: 'Not found' });
  }) as typeof fetch;
  sessionStorage.clear();
});
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderCard({ me = currentUser(), route = `/beneficiaries/${NEEMA.id}` }: { me?: User; route?: string } = {}) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, me);
  client.setQueryData(beneficiaryKeys.one(NEEMA.id), NEEMA);
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/beneficiaries/:id" element={<ChildDataCard beneficiary={NEEMA} />} />
        <Route path="/data-requests" element={<p>Data requests page</p>} />
      </Routes>
      <Where />
    </>,
    { client, route },
  );
  return view;
}

const where = () => screen.getByTestId('where').textContent;
/** What was sent (the card also reads the user's own export of the child). */
const sent = () => calls.filter((c) => c.method !== 'GET');
const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
  });
};

it('says what is erased and what is kept, and enables Erase only once the typed ID matches', async () => {
  renderCard();
  fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
  const dialog = await screen.findByRole('dialog', { name: 'Erase Child' });
  expect(
    within(dialog).getByText(/expenses stay in the accounts \(financial records must be kept\), without the child/),
  ).toBeTruthy();
  expect(within(dialog).getByText(/every stored file/)).toBeTruthy();
  const erase = within(dialog).getByRole('button', { name: 'Erase' }) as HTMLButtonElement;
  expect(erase.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText(/Type the child's ID to confirm/), {
    target: { value: 'KCF-000124' },
  });
  expect(erase.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText(/Type the child's ID to confirm/), {
    target: { value: ' KCF-000123 ' },
  });
  expect(erase.disabled).toBe(false);

  // A reason is required before anything is sent.
  await submit(dialog);
  expect(within(dialog).getByText('Reason is required')).toBeTruthy();
  expect(sent()).toEqual([]);
});

it('asks for the erasure, then goes to the Data requests page (the child is going away)', async () => {
  const { client } = renderCard();
  fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
  const dialog = await screen.findByRole('dialog', { name: 'Erase Child' });
  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'The guardian asked' } });
  fireEvent.change(within(dialog).getByLabelText(/Type the child's ID to confirm/), {
    target: { value: 'KCF-000123' },
  });
  await submit(dialog);
  expect(sent()).toEqual([
    {
      method: 'POST',
      url: '/api/data-requests',
      body: { type: 'erasure', beneficiaryId: 'KCF-000123', reason: 'The guardian asked', confirm: 'KCF-000123' },
    },
  ]);
  await waitFor(() => expect(where()).toBe('/data-requests'));
  expect(screen.getByText('Erasure requested: follow it on the Data requests page')).toBeTruthy();
  expect(client.getQueryData(beneficiaryKeys.one(NEEMA.id))).toBeUndefined();
});

it("shows the server's refusal in the dialog and stays", async () => {
  erasureAnswer = () =>
    jsonAnswer(400, {
      message: "Type the child's ID exactly to confirm the erasure",
      errors: [{ path: 'confirm', message: "Type the child's ID exactly to confirm the erasure" }],
    });
  renderCard();
  fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
  const dialog = await screen.findByRole('dialog', { name: 'Erase Child' });
  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'The guardian asked' } });
  fireEvent.change(within(dialog).getByLabelText(/Type the child's ID to confirm/), {
    target: { value: 'KCF-000123' },
  });
  await submit(dialog);
  expect(within(dialog).getAllByText("Type the child's ID exactly to confirm the erasure").length).toBeGreaterThan(0);
  expect(where()).toBe('/beneficiaries/KCF-000123');
});

it('opens from the retention review (?erase=1), and closing it drops the flag from the address', async () => {
  renderCard({ route: '/beneficiaries/KCF-000123?erase=1' });
  const dialog = await screen.findByRole('dialog', { name: 'Erase Child' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase Child' })).toBeNull());
  expect(where()).toBe('/beneficiaries/KCF-000123');
});

it('is for the superadmin: an admin sees neither Erase nor Download all data, the guardian only the download', () => {
  const { unmount } = renderCard({ me: currentUser({ role: 'admin' }), route: '/beneficiaries/KCF-000123?erase=1' });
  expect(screen.queryByRole('button', { name: 'Erase' })).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Download all data' })).toBeNull();
  unmount();
  renderCard({ me: currentUser({ role: 'beneficiary', beneficiaryId: NEEMA.id }) });
  expect(screen.queryByRole('button', { name: 'Erase' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Download all data' })).toBeTruthy();
});
