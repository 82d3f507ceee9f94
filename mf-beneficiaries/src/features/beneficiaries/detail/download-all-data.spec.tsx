/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataRequest, Role } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY, manualClock, setClock } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { EXPORT_POLL_MS } from './data-request-api';
import { DownloadAllData } from './download-all-data';

const ID = 'KCF-000123';
const CHILD = { id: ID, fullName: 'Amani Wekesa' };
const ME = 'u1';
const LIST = `/api/data-requests?beneficiaryId=${ID}&type=export`;

function exportRequest(fields: Partial<DataRequest> = {}): DataRequest {
  return {
    id: 'exp-1',
    type: 'export',
    state: 'running',
    domains: { beneficiaries: 'running', finance: 'running', identity: 'running' },
    beneficiary: CHILD,
    requestedBy: { id: ME, name: 'Mary Wekesa', role: 'beneficiary' },
    requestedAt: '2026-11-24T11:00:00.000Z',
    dueOn: '2026-12-08',
    reason: '',
    doneAt: null,
    progress: { done: 3, total: 12 },
    download: null,
    downloads: { count: 0, lastAt: null },
    ...fields,
  };
}
const ready = (fields: Partial<DataRequest> = {}) =>
  exportRequest({
    state: 'done',
    domains: { beneficiaries: 'done', finance: 'done', identity: 'done' },
    progress: { done: 12, total: 12 },
    doneAt: '2026-11-24T11:01:00.000Z',
    download: { url: '/api/data-requests/exp-1/download', expiresAt: '2026-11-25T11:01:00.000Z' },
    ...fields,
  });

let calls: { method: string; url: string; body?: unknown }[] = [];
let posts: (() => Response)[] = [];
/** What the list answers, in turn (the last one again). */
let lists: DataRequest[][] = [];
beforeEach(() => {
  calls = [];
  posts = [];
  lists = [[]];
  setClock(manualClock('2026-11-24T12:00:00Z'));
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/data-requests' && method === 'POST') return posts.shift()!();
    if (url === LIST) return jsonAnswer(200, lists.length > 1 ? lists.shift() : lists[0]);
    return jsonAnswer(404, { message: 'Not found' });
  }) as typeof fetch;
});
afterEach(() => setClock(null));
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

function renderCard(role: Role = 'beneficiary') {
  const client = createQueryClient();
  client.setQueryData(
    CURRENT_USER_QUERY_KEY,
    currentUser({ id: ME, role, beneficiaryId: role === 'beneficiary' ? ID : null }),
  );
  return renderWithProviders(<DownloadAllData beneficiary={CHILD} />, { client, route: '/' });
}

const posted = () => calls.filter((c) => c.method === 'POST');

async function ask(reason?: string) {
  // Enabled once the server has said no export is under way.
  const button = () => screen.getByRole('button', { name: 'Download all data' }) as HTMLButtonElement;
  await waitFor(() => expect(button().disabled).toBe(false));
  fireEvent.click(button());
  const dialog = await screen.findByRole('dialog', { name: 'Download All Data' });
  if (reason !== undefined) fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: reason } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare Export' }));
  });
  return dialog;
}

it("finds the user's export being prepared when the profile opens, and follows it to its download link", async () => {
  lists = [[exportRequest()], [ready()]];
  renderCard();
  expect(await screen.findByText('Preparing… 3 of 12 files')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Download all data' })).toBeNull();
  const link = await screen.findByRole('link', { name: 'Download ZIP' }, { timeout: EXPORT_POLL_MS + 2000 });
  expect(link.getAttribute('href')).toBe('/api/data-requests/exp-1/download');
  expect(screen.getByText('The link works for 24 hours, until 25 Nov 2026 14:01.')).toBeTruthy();
  expect(posted()).toEqual([]);
}, 10_000);

it('shows a ready export again when the user comes back, and starts a new one only when asked', async () => {
  lists = [[ready()]];
  renderCard();
  expect(await screen.findByRole('link', { name: 'Download ZIP' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Download all data' })).toBeNull();
  posts = [() => jsonAnswer(202, { id: 'exp-2', state: 'pending' })];
  lists = [[exportRequest({ id: 'exp-2', progress: null, state: 'pending' }), ready()]];
  fireEvent.click(screen.getByRole('button', { name: 'New export' }));
  const dialog = await screen.findByRole('dialog', { name: 'Download All Data' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare Export' }));
  });
  expect(posted()).toEqual([
    { method: 'POST', url: '/api/data-requests', body: { type: 'export', beneficiaryId: ID } },
  ]);
  expect(await screen.findByText('Preparing…')).toBeTruthy();
});

it("asks the guardian's account for a reason it may leave blank; staff must give one", async () => {
  posts = [() => jsonAnswer(202, { id: 'exp-1', state: 'pending' })];
  const guardian = renderCard('beneficiary');
  await ask('  For our records ');
  expect(posted()).toEqual([
    {
      method: 'POST',
      url: '/api/data-requests',
      body: { type: 'export', beneficiaryId: ID, reason: 'For our records' },
    },
  ]);
  guardian.unmount();

  calls = [];
  posts = [() => jsonAnswer(202, { id: 'exp-3', state: 'pending' })];
  renderCard('superadmin');
  const dialog = await ask();
  expect(within(dialog).getByText('Reason is required')).toBeTruthy();
  expect(posted()).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'The guardian asked at the office' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare Export' }));
  });
  expect(posted()).toEqual([
    {
      method: 'POST',
      url: '/api/data-requests',
      body: { type: 'export', beneficiaryId: ID, reason: 'The guardian asked at the office' },
    },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download All Data' })).toBeNull());
});

it("shows only the user's own export: another user's ready ZIP is not this user's to download", async () => {
  lists = [[ready({ requestedBy: { id: 'someone-else', name: 'Grace Wanjiru', role: 'superadmin' } })]];
  renderCard('superadmin');
  expect(await screen.findByRole('button', { name: 'Download all data' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Download ZIP' })).toBeNull();
});

it('offers a new export once the link has passed its 24 hours, and after a failure', async () => {
  lists = [[ready({ download: { url: '/api/data-requests/exp-1/download', expiresAt: '2026-11-24T11:59:00.000Z' } })]];
  const expired = renderCard();
  expect(await screen.findByRole('button', { name: 'Download all data' })).toBeTruthy();
  expired.unmount();

  lists = [[exportRequest({ state: 'failed' })]];
  renderCard();
  expect(await screen.findByText(/The export failed\./)).toBeTruthy();
  posts = [() => jsonAnswer(202, { id: 'exp-2', state: 'pending' })];
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Download All Data' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare Export' }));
  });
  expect(posted()).toHaveLength(1);
});

it("shows the server's refusal in the dialog when the export cannot be started", async () => {
  posts = [() => jsonAnswer(409, { message: 'Registration consent has been withdrawn for this child' })];
  renderCard();
  const dialog = await ask();
  expect(await within(dialog).findByText('Registration consent has been withdrawn for this child')).toBeTruthy();
});
