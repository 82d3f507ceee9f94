/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataRequest } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY, manualClock, setClock } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { EXPORT_POLL_MS } from './data-request-api';
import { DownloadAllData } from './download-all-data';

const ID = 'KCF-000123';

function exportRequest(fields: Partial<DataRequest> = {}): DataRequest {
  return {
    id: 'exp-1',
    type: 'export',
    state: 'running',
    domains: { beneficiaries: 'running', finance: 'pending', identity: 'pending' },
    requestedBy: { id: 'u1', name: 'Mary Wekesa' },
    requestedAt: '2026-11-24T11:00:00.000Z',
    dueOn: '2026-12-08',
    reason: '',
    doneAt: null,
    progress: { done: 3, total: 12 },
    download: null,
    ...fields,
  };
}
const ready = exportRequest({
  state: 'done',
  progress: { done: 12, total: 12 },
  doneAt: '2026-11-24T11:01:00.000Z',
  download: { url: '/api/data-requests/exp-1/download', expiresAt: '2026-11-25T11:01:00.000Z' },
});

let calls: { method: string; url: string; body?: unknown }[] = [];
let posts: (() => Response)[] = [];
let reads: DataRequest[] = [];
beforeEach(() => {
  calls = [];
  posts = [];
  reads = [];
  sessionStorage.clear();
  setClock(manualClock('2026-11-24T12:00:00Z'));
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/data-requests' && method === 'POST') return posts.shift()!();
    if (url.startsWith('/api/data-requests/') && reads.length > 0) return jsonAnswer(200, reads.length > 1 ? reads.shift() : reads[0]);
    return jsonAnswer(404, { message: 'Data request not found' });
  }) as typeof fetch;
});
afterEach(() => setClock(null));
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

function renderButton() {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role: 'beneficiary', beneficiaryId: ID }));
  return renderWithProviders(<DownloadAllData beneficiaryId={ID} />, { client, route: '/' });
}

it('asks for the export, shows its progress, then the download link for 24 hours', async () => {
  posts = [() => jsonAnswer(202, { id: 'exp-1', state: 'pending' })];
  reads = [exportRequest(), ready];
  renderButton();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Download all data' }));
  });
  expect(calls[0]).toEqual({ method: 'POST', url: '/api/data-requests', body: { type: 'export', beneficiaryId: ID } });
  expect(await screen.findByText('Preparing… 3 of 12 files')).toBeTruthy();
  expect(sessionStorage.getItem(`kcf.data-export.${ID}`)).toBe('exp-1');
  const link = await screen.findByRole('link', { name: 'Download ZIP' }, { timeout: EXPORT_POLL_MS + 2000 });
  expect(link.getAttribute('href')).toBe('/api/data-requests/exp-1/download');
  expect(screen.getByText('The link works for 24 hours, until 25 Nov 2026 14:01.')).toBeTruthy();
  expect(calls.filter((c) => c.url === '/api/data-requests/exp-1').length).toBe(2);
}, 10_000);

it('keeps following the export after a reload (the id is in sessionStorage)', async () => {
  sessionStorage.setItem(`kcf.data-export.${ID}`, 'exp-1');
  reads = [exportRequest({ state: 'pending', progress: null })];
  renderButton();
  expect(await screen.findByText('Preparing…')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Download all data' })).toBeNull();
  expect(calls).toEqual([{ method: 'GET', url: '/api/data-requests/exp-1', body: undefined }]);
});

it('shows a failed export with Retry, which asks again', async () => {
  sessionStorage.setItem(`kcf.data-export.${ID}`, 'exp-1');
  reads = [exportRequest({ state: 'failed' })];
  renderButton();
  expect(await screen.findByText('The export failed.')).toBeTruthy();
  posts = [() => jsonAnswer(202, { id: 'exp-2', state: 'pending' })];
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  });
  expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/data-requests', body: { type: 'export', beneficiaryId: ID } }]);
  await waitFor(() => expect(sessionStorage.getItem(`kcf.data-export.${ID}`)).toBe('exp-2'));
});

it("shows the server's refusal with Retry when the export cannot be started", async () => {
  posts = [() => jsonAnswer(409, { message: 'An export of this child is already being prepared' })];
  renderButton();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Download all data' }));
  });
  expect(await screen.findByText('An export of this child is already being prepared')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  expect(sessionStorage.getItem(`kcf.data-export.${ID}`)).toBeNull();
});

it('forgets a remembered export that is gone or whose link has expired', async () => {
  sessionStorage.setItem(`kcf.data-export.${ID}`, 'exp-gone');
  renderButton();
  expect(await screen.findByRole('button', { name: 'Download all data' })).toBeTruthy();
  await waitFor(() => expect(sessionStorage.getItem(`kcf.data-export.${ID}`)).toBeNull());
});
