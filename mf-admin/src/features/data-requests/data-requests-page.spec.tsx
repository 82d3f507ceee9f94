/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataRequest, RetentionReviewChild, User } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY, manualClock, setClock } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { DATA_REQUESTS_REFRESH_MS } from './data-requests-api';
import { DataRequestsPage } from './data-requests-page';

const grace = currentUser();
const mary = currentUser({ id: 'u3', username: 'mwanjiku', firstName: 'Mary', lastName: 'Wanjiku', role: 'admin' });

function dataRequest(id: string, fields: Partial<DataRequest> = {}): DataRequest {
  return {
    id,
    type: 'erasure',
    state: 'done',
    domains: { beneficiaries: 'done', finance: 'done', identity: 'done' },
    beneficiary: { id: 'erased', fullName: 'erased' },
    requestedBy: { id: 'u1', name: 'Grace Wanjiru', role: 'superadmin' },
    requestedAt: '2026-11-24T11:03:00.000Z',
    dueOn: '2026-12-08',
    reason: 'The guardian asked',
    doneAt: '2026-11-24T11:05:00.000Z',
    ...fields,
  };
}

const running = dataRequest('r2', {
  state: 'running',
  beneficiary: { id: 'KCF-000031', fullName: 'Baraka Otieno' },
  domains: { beneficiaries: 'done', finance: 'pending', identity: 'running' },
  requestedAt: '2026-11-10T07:00:00.000Z',
  dueOn: '2026-11-20',
  reason: 'Left the programme',
  doneAt: null,
});
const exported = dataRequest('r1', {
  type: 'export',
  beneficiary: { id: 'KCF-000012', fullName: 'Asha Njeri' },
  requestedBy: { id: 'u9', name: 'Mary Wekesa', role: 'beneficiary' },
  reason: '',
  dueOn: '2026-11-01',
  progress: { done: 7, total: 7 },
  download: null,
  downloads: { count: 0, lastAt: null },
});
const handedOver = dataRequest('r0', {
  type: 'export',
  beneficiary: { id: 'KCF-000012', fullName: 'Asha Njeri' },
  reason: 'The guardian asked at the office',
  dueOn: '2026-11-01',
  progress: { done: 7, total: 7 },
  download: { url: '/api/data-requests/r0/download', expiresAt: '2026-11-25T11:05:00.000Z' },
  downloads: { count: 2, lastAt: '2026-11-24T11:20:00.000Z' },
});

const asha: RetentionReviewChild = {
  beneficiaryId: 'KCF-000012',
  fullName: 'Asha Njeri',
  inactiveSince: '2019-01-15T09:00:00.000Z',
  kept: null,
};
const baraka: RetentionReviewChild = {
  beneficiaryId: 'KCF-000031',
  fullName: 'Baraka Otieno',
  inactiveSince: '2020-05-10T09:00:00.000Z',
  kept: { reason: 'Sibling still supported', by: 'Grace Wanjiru', at: '2025-11-01T09:00:00.000Z' },
};

/** Answers like the gateway: the requests (in turn, the last one again), the review, and a Keep. */
let requestAnswers: DataRequest[][] = [];
let review: RetentionReviewChild[] = [];
let calls: { method: string; url: string; body?: unknown }[] = [];
function serve() {
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/data-requests')
      return jsonAnswer(200, requestAnswers.length > 1 ? requestAnswers.shift() : requestAnswers[0]);
    if (url === '/api/data-requests/retention-review') return jsonAnswer(200, review);
    const keep = /^\/api\/data-requests\/retention-review\/([^/]+)\/keep$/.exec(url);
    if (keep && method === 'POST') {
      const child = review.find((c) => c.beneficiaryId === keep[1])!;
      review = review.filter((c) => c !== child);
      return jsonAnswer(200, { ...child, kept: { reason: 'x', by: 'Grace Wanjiru', at: '2026-11-24T11:03:00.000Z' } });
    }
    return jsonAnswer(404, { message: 'Not found' });
  }) as typeof fetch;
}
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

function renderPage(me: User = grace) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, me);
  return renderWithProviders(<DataRequestsPage />, { client, route: '/data-requests' });
}

const requestReads = () => calls.filter((c) => c.url === '/api/data-requests').length;

beforeEach(() => {
  calls = [];
  requestAnswers = [[]];
  review = [];
  serve();
  setClock(manualClock('2026-11-24T12:00:00Z'));
});
afterEach(() => setClock(null));

it("shows every request newest first: the child, type, state and each domain's, who asked (as what) and when, due date, reason, downloads", async () => {
  requestAnswers = [[dataRequest('r3'), running, exported, handedOver]];
  renderPage();
  expect(screen.getByRole('heading', { name: 'Data requests' })).toBeTruthy();
  const table = await screen.findByRole('table', { name: 'Data requests' });
  await within(table).findByTestId('data-request-r3');
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  const domainsDone = 'Beneficiaries: DoneFinance: DoneIdentity: Done';
  expect(rows).toEqual([
    [
      'erased',
      'Erasure',
      `Done${domainsDone}`,
      'Grace Wanjiru (Super Admin)24 Nov 2026 14:03Due 8 Dec 2026',
      'The guardian asked',
      '-',
    ],
    [
      'Baraka OtienoKCF-000031',
      'Erasure',
      'RunningBeneficiaries: DoneFinance: PendingIdentity: Running',
      'Grace Wanjiru (Super Admin)10 Nov 2026 10:00Due 20 Nov 2026 (overdue)',
      'Left the programme',
      '-',
    ],
    [
      'Asha NjeriKCF-000012',
      'Export',
      `Done${domainsDone}`,
      'Mary Wekesa (Beneficiary)24 Nov 2026 14:03Due 1 Nov 2026',
      'No reason given',
      'Not downloaded',
    ],
    [
      'Asha NjeriKCF-000012',
      'Export',
      `Done${domainsDone}`,
      'Grace Wanjiru (Super Admin)24 Nov 2026 14:03Due 1 Nov 2026',
      'The guardian asked at the office',
      'Download ZIPDownloaded 2 times, last 24 Nov 2026 14:20',
    ],
  ]);
  // Overdue is highlighted only while the request is not done.
  expect(within(screen.getByTestId('data-request-r2')).getByText('Due 20 Nov 2026 (overdue)')).toBeTruthy();
  // The child's profile while it exists; the ZIP for the one who asked, while it may be downloaded.
  expect(
    within(screen.getByTestId('data-request-r2')).getByRole('link', { name: 'Baraka Otieno' }).getAttribute('href'),
  ).toBe('/beneficiaries/KCF-000031');
  expect(
    within(screen.getByTestId('data-request-r0')).getByRole('link', { name: 'Download ZIP' }).getAttribute('href'),
  ).toBe('/api/data-requests/r0/download');
  expect(within(screen.getByTestId('data-request-r1')).queryByRole('link', { name: 'Download ZIP' })).toBeNull();
});

it('reads the requests again every few seconds while one is pending or running, and stops once all are done', async () => {
  requestAnswers = [
    [running],
    [{ ...running, state: 'done', domains: { beneficiaries: 'done', finance: 'done', identity: 'done' } }],
  ];
  renderPage();
  await screen.findByTestId('data-request-r2');
  expect(requestReads()).toBe(1);
  await waitFor(() => expect(within(screen.getByTestId('data-request-r2')).getByText('Finance: Done')).toBeTruthy(), {
    timeout: DATA_REQUESTS_REFRESH_MS + 2000,
  });
  expect(requestReads()).toBe(2);
  await act(async () => new Promise((resolve) => setTimeout(resolve, DATA_REQUESTS_REFRESH_MS + 500)));
  expect(requestReads()).toBe(2);
}, 15_000);

it('shows skeleton rows while loading, then the empty state', async () => {
  let answer: (value: Response) => void = () => undefined;
  const served = globalThis.fetch;
  globalThis.fetch = jest.fn((input: string | URL | Request, init?: RequestInit) =>
    String(input) === '/api/data-requests'
      ? new Promise<Response>((resolve) => (answer = resolve))
      : served(input, init),
  ) as typeof fetch;
  renderPage();
  const table = screen.getByRole('table', { name: 'Data requests' });
  expect(table.getAttribute('aria-busy')).toBe('true');
  await act(async () => answer(jsonAnswer(200, [])));
  expect(await screen.findByText('No data requests yet.')).toBeTruthy();
  expect(screen.queryByRole('table', { name: 'Data requests' })).toBeNull();
});

it('lists the retention review oldest first, with the last Keep, Keep and Erase', async () => {
  review = [asha, baraka];
  renderPage();
  const table = await screen.findByRole('table', { name: 'Retention review' });
  await within(table).findByText('Asha Njeri');
  expect(screen.getByText(/A Keep lasts a year/)).toBeTruthy();
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['Asha NjeriKCF-000012', '15 Jan 2019', 'Never'],
    ['Baraka OtienoKCF-000031', '10 May 2020', '1 Nov 2025 12:00 by Grace WanjiruSibling still supported'],
  ]);
  // Erase opens the child's profile, where the erase dialog is.
  expect(within(rows[0]).getByRole('link', { name: 'Erase Asha Njeri' }).getAttribute('href')).toBe(
    '/beneficiaries/KCF-000012?erase=1',
  );
});

it('keeps a child with a reason, and the child leaves the review', async () => {
  review = [asha];
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Keep Asha Njeri' }));
  const dialog = await screen.findByRole('dialog', { name: 'Keep Child' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
  });
  expect(within(dialog).getByText('Reason is required')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Sibling still supported ' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
  });
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    {
      method: 'POST',
      url: '/api/data-requests/retention-review/KCF-000012/keep',
      body: { reason: 'Sibling still supported' },
    },
  ]);
  expect(await screen.findByText('Child kept for another year')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keep Child' })).toBeNull());
  expect(await screen.findByText('No inactive children are due for review.')).toBeTruthy();
});

it('is for Super Admins only: anyone else sees a message and nothing is asked of the server', () => {
  renderPage(mary);
  expect(screen.getByText('Data requests are for Super Admins')).toBeTruthy();
  expect(calls).toEqual([]);
});
