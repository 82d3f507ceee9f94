/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { AuditEntry, AuditPage, User } from '@kcf/contracts';
import { ApiError, apiBlob, apiRequest, createQueryClient, CURRENT_USER_QUERY_KEY, downloadBlob } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { ALL_USERS_QUERY_KEY } from '../users/users-api';
import { AuditLogPage } from './audit-log-page';

jest.mock('@kcf/web-kit', () => ({
  ...jest.requireActual('@kcf/web-kit'),
  apiRequest: jest.fn(),
  apiBlob: jest.fn(),
  downloadBlob: jest.fn(),
}));
const request = apiRequest as jest.Mock;
const blob = apiBlob as jest.Mock;
const download = downloadBlob as jest.Mock;

const grace = currentUser();
const mary = currentUser({ id: 'u3', username: 'mwanjiku', firstName: 'Mary', lastName: 'Wanjiku', role: 'admin' });
const okoth = currentUser({ id: 'u4', username: 'okoth', firstName: 'John', lastName: 'Okoth', role: 'viewer' });

function entry(id: string, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-24T11:03:00.000Z',
    domain: 'beneficiaries',
    actor: { id: 'u3', username: 'mwanjiku', name: 'Mary Wanjiku', role: 'admin' },
    action: 'view',
    entity: { type: 'beneficiary', id: 'KCF-000123' },
    beneficiaryId: 'KCF-000123',
    changes: [],
    details: null,
    requestId: 'req-1',
    clientIp: '10.0.0.7',
    userAgent: 'Firefox 133 on Windows',
    ...fields,
  };
}

const phoneChange = entry('beneficiaries-12', {
  action: 'update',
  changes: [
    { field: 'guardianPhone', from: '0712 345 678', to: '0722 345 678' },
    { field: 'schoolName', from: 'Kakamega Primary', to: null },
  ],
  details: { rows: 1 },
  requestId: 'req-12',
});
const signIn = entry('identity-7', {
  domain: 'identity',
  at: '2026-11-24T05:30:00.000Z',
  actor: { id: 'u1', username: 'gwanjiru', name: 'Grace Wanjiru', role: 'superadmin' },
  action: 'sign-in',
  entity: { type: 'session', id: null },
  beneficiaryId: null,
  requestId: null,
  clientIp: null,
  userAgent: null,
});

const page = (items: AuditEntry[], nextCursor: string | null = null): AuditPage => ({ items, nextCursor });

/** Answers GET /api/audit with `pages` (by cursor: none first) and /api/audit/verify with `verify`. */
function serve(pages: Record<string, AuditPage>, verify?: unknown) {
  request.mockImplementation(async (_method: string, url: string) => {
    if (url === '/api/audit/verify') return verify;
    const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? '';
    return pages[cursor] ?? page([]);
  });
}

const neema = {
  id: 'KCF-000123',
  fullName: 'Neema Atieno',
  photoUrl: '/api/beneficiaries/KCF-000123/photo',
  photoThumbnailUrl: '/api/beneficiaries/KCF-000123/photo/thumbnail',
  updatedAt: '2026-03-02T08:00:00.000Z',
};

// The Child filter reads children through the shared client's fetch (its search, and a linked child's name):
// answered like the gateway would, remembering what was asked.
let childReads: string[] = [];
function serveChildren({ found = true }: { found?: boolean } = {}) {
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = String(url);
    childReads.push(path);
    if (path.startsWith('/api/beneficiaries?search=neema')) return jsonAnswer(200, [neema]);
    if (path.startsWith(`/api/beneficiaries?search=${neema.id}`)) return jsonAnswer(200, found ? [neema] : []);
    return jsonAnswer(404, { message: 'Not found' });
  }) as typeof fetch;
}
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

const auditUrls = () =>
  request.mock.calls.map(([, url]) => url as string).filter((url) => url.startsWith('/api/audit?'));

/** The page's address (its filters), as the browser's address bar would show it. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => screen.getByTestId('address').textContent;

function renderPage({
  me = grace,
  route = '/audit',
  users = [grace, mary, okoth],
}: { me?: User; route?: string; users?: User[] } = {}) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, me);
  client.setQueryData(ALL_USERS_QUERY_KEY, users);
  return renderWithProviders(
    <>
      <AuditLogPage />
      <Address />
    </>,
    { client, route },
  );
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const choose = async (label: string, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
};

beforeEach(() => {
  childReads = [];
  serveChildren();
  request.mockReset();
  blob.mockReset();
  download.mockReset();
});

it('shows each entry in words with its date and time, newest first, and opens its details', async () => {
  serve({ '': page([phoneChange, signIn]) });
  renderPage();
  expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeTruthy();
  const list = await screen.findByRole('list', { name: 'Activity' });
  const lines = within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
  expect(lines).toEqual([
    'Mary Wanjiku (Admin) changed Guardian phone from 0712 345 678 to 0722 345 678 and 1 more field on child KCF-000123 · 24 Nov 2026 14:03',
    'Grace Wanjiru (Super Admin) signed in · 24 Nov 2026 08:30',
  ]);
  expect(auditUrls()).toEqual(['/api/audit?limit=50']);

  const item = screen.getByTestId('audit-entry-beneficiaries-12');
  const first = within(item);
  expect(first.queryByText('Request ID')).toBeNull();
  await click(first.getByRole('button', { name: 'Details' }));
  const changes = within(first.getByRole('list', { name: 'Changed fields' }));
  expect(changes.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Guardian phone: 0712 345 678 → 0722 345 678',
    'School name: Kakamega Primary → (empty)',
  ]);
  const facts = Object.fromEntries(
    [...item.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
  expect(facts).toEqual({
    Rows: '1',
    Entry: 'beneficiaries-12 (Beneficiaries)',
    'Request ID': 'req-12',
    'Client address': '10.0.0.7',
    'User agent': 'Firefox 133 on Windows',
  });
  await click(first.getByRole('button', { name: 'Hide details' }));
  expect(first.queryByText('Request ID')).toBeNull();
});

it('sends the chosen filters to the server', async () => {
  serve({});
  renderPage();
  await screen.findByText('No activity recorded yet.');
  const person = screen.getByLabelText('Person') as HTMLSelectElement;
  expect([...person.options].map((o) => o.textContent)).toEqual([
    'Everyone',
    'Grace Wanjiru (gwanjiru)',
    'Mary Wanjiku (mwanjiku)',
    'John Okoth (okoth)',
  ]);
  expect([...(screen.getByLabelText('Action') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
    'All Actions',
    'Change',
    'View',
    'Export',
    'Security',
  ]);

  await choose('Person', 'u3');
  await choose('Domain', 'beneficiaries');
  await choose('Entity', 'household-member');
  await choose('Action', 'change');
  await choose('From', '2026-11-01');
  await choose('To', '2026-11-30');
  const child = screen.getByLabelText('Child');
  expect(child.getAttribute('placeholder')).toBe('Search by name or Beneficiary ID');
  fireEvent.change(child, { target: { value: 'neema' } });
  const results = await screen.findByRole('list', { name: 'Matching beneficiaries' });
  await click(within(results).getByRole('button', { name: /Neema Atieno KCF-000123/ }));
  await waitFor(() =>
    expect(auditUrls().at(-1)).toBe(
      '/api/audit?actor=u3&beneficiaryId=KCF-000123&domain=beneficiaries&entityType=household-member&action=change&from=2026-11-01&to=2026-11-30&limit=50',
    ),
  );
  expect(auditUrls()).toContain('/api/audit?actor=u3&limit=50');
  expect((screen.getByLabelText('Entity') as HTMLSelectElement).selectedOptions[0].textContent).toBe(
    'Household member',
  );
  // The chosen child shows by name; the picker named it, so the server is not asked again.
  expect(screen.getByText('Neema Atieno', { selector: 'strong' })).toBeTruthy();
  expect(childReads).toEqual(['/api/beneficiaries?search=neema&limit=8&sort=fullName&dir=asc']);
  expect(address()).toBe(
    '?actor=u3&beneficiaryId=KCF-000123&domain=beneficiaries&entityType=household-member&action=change&from=2026-11-01&to=2026-11-30',
  );

  // Clearing the child drops that filter alone (its answer was read before the child was chosen).
  await click(screen.getByRole('button', { name: 'Clear' }));
  expect(address()).toBe(
    '?actor=u3&domain=beneficiaries&entityType=household-member&action=change&from=2026-11-01&to=2026-11-30',
  );
  expect(auditUrls().filter((url) => url.includes('beneficiaryId'))).toHaveLength(1);
  expect(screen.getByLabelText('Child')).toBeTruthy();
  expect(screen.queryByText('Neema Atieno', { selector: 'strong' })).toBeNull();
});

it('opens filtered to the child a link names, and shows that child by name', async () => {
  serve({ '': page([phoneChange]) });
  renderPage({ route: '/audit?beneficiaryId=kcf-000123' });
  await screen.findByTestId('audit-entry-beneficiaries-12');
  expect(auditUrls()).toEqual(['/api/audit?beneficiaryId=KCF-000123&limit=50']);
  expect(await screen.findByText('Neema Atieno', { selector: 'strong' })).toBeTruthy();
  expect(screen.getByText('KCF-000123')).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Neema Atieno' }).getAttribute('src')).toBe(
    `/api/beneficiaries/KCF-000123/photo/thumbnail?t=${Date.parse(neema.updatedAt)}`,
  );
  // A search, not GET /api/beneficiaries/{id}: the reviewer's look-up is not a view of the child in its own history.
  expect(childReads).toEqual(['/api/beneficiaries?search=KCF-000123&limit=1']);
  expect(screen.queryByLabelText('Child')).toBeNull();
});

it('shows the linked child by its id alone when no child has it (deleted)', async () => {
  serveChildren({ found: false });
  serve({ '': page([phoneChange]) });
  renderPage({ route: '/audit?beneficiaryId=KCF-000123' });
  await screen.findByTestId('audit-entry-beneficiaries-12');
  await waitFor(() => expect(childReads).toEqual(['/api/beneficiaries?search=KCF-000123&limit=1']));
  await act(async () => undefined); // the empty answer arrives
  expect(screen.getByText('KCF-000123', { selector: 'strong' })).toBeTruthy();
  expect(screen.queryByText('Neema Atieno')).toBeNull();
  expect(auditUrls()).toEqual(['/api/audit?beneficiaryId=KCF-000123&limit=50']);

  await click(screen.getByRole('button', { name: 'Clear' }));
  expect(address()).toBe('');
  await waitFor(() => expect(auditUrls().at(-1)).toBe('/api/audit?limit=50'));
  expect(screen.queryByText('KCF-000123', { selector: 'strong' })).toBeNull();
});

it("opens filtered to one person from User Management's Activity link", async () => {
  serve({ '': page([phoneChange]) });
  renderPage({ route: '/audit?actor=u3' });
  await screen.findByTestId('audit-entry-beneficiaries-12');
  expect(auditUrls()).toEqual(['/api/audit?actor=u3&limit=50']);
  expect((screen.getByLabelText('Person') as HTMLSelectElement).selectedOptions[0].textContent).toBe(
    'Mary Wanjiku (mwanjiku)',
  );
});

it('loads the next page from the cursor of the last one', async () => {
  serve({ '': page([phoneChange], 'cursor-1'), 'cursor-1': page([signIn], null) });
  renderPage({ route: '/audit?domain=beneficiaries' });
  await screen.findByTestId('audit-entry-beneficiaries-12');
  await click(screen.getByRole('button', { name: 'Load more' }));
  await screen.findByTestId('audit-entry-identity-7');
  expect(auditUrls()).toEqual([
    '/api/audit?domain=beneficiaries&limit=50',
    '/api/audit?domain=beneficiaries&limit=50&cursor=cursor-1',
  ]);
  expect(screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('audit-entry'))).toHaveLength(2);
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
});

it('says in words whether the trail verified', async () => {
  serve({}, { ok: true, checked: 1234 });
  renderPage();
  await click(screen.getByRole('button', { name: 'Verify integrity' }));
  expect(request).toHaveBeenCalledWith('GET', '/api/audit/verify');
  expect(await screen.findByText('All 1,234 entries verified.')).toBeTruthy();

  serve(
    {},
    {
      ok: false,
      domain: 'finance',
      firstBrokenId: 'finance-42',
      reason: 'its hash does not match its contents',
      checked: 41,
    },
  );
  await click(screen.getByRole('button', { name: 'Verify integrity' }));
  expect(
    await screen.findByText(
      'The audit trail was altered: entry finance-42 in Finance — its hash does not match its contents',
    ),
  ).toBeTruthy();
  expect(screen.queryByText('All 1,234 entries verified.')).toBeNull();
});

it('exports the filtered entries as CSV', async () => {
  serve({});
  const csv = new Blob(['at,actor\n']);
  blob.mockResolvedValueOnce(csv);
  renderPage({ route: '/audit?action=security&from=2026-11-01' });
  await click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(blob).toHaveBeenCalledWith('/api/audit/export?action=security&from=2026-11-01');
  expect(download).toHaveBeenCalledWith(csv, expect.stringMatching(/^Audit_Log_\d{4}_\d{2}_\d{2}\.csv$/));
  expect(screen.getByText('Audit log exported successfully')).toBeTruthy();
});

it('shows skeleton rows while the first page loads, then the empty state', async () => {
  let answer: (value: AuditPage) => void = () => undefined;
  request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  renderPage();
  expect(screen.getByLabelText('Loading activity')).toBeTruthy();
  await act(async () => answer(page([])));
  expect(await screen.findByText('No activity recorded yet.')).toBeTruthy();
  expect(screen.queryByLabelText('Loading activity')).toBeNull();
});

it('says when no entry matches the filters, and Clear filters shows every entry again', async () => {
  request.mockImplementation(async (_method: string, url: string) =>
    url.includes('action=') ? page([]) : page([phoneChange, signIn]),
  );
  renderPage({ route: '/audit?domain=finance&action=security' });
  expect(await screen.findByText('No activity matches these filters.')).toBeTruthy();
  expect(screen.queryByText('No activity recorded yet.')).toBeNull();
  await click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(address()).toBe('');
  expect(await screen.findByRole('list', { name: 'Activity' })).toBeTruthy();
  expect((screen.getByLabelText('Domain') as HTMLSelectElement).value).toBe('');
  expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
});

it("shows the server's message when the log cannot be read", async () => {
  request.mockRejectedValue(
    new ApiError(500, '500: {"message":"Audit trail unavailable"}', { message: 'Audit trail unavailable' }),
  );
  renderPage();
  expect(await screen.findByText('The audit log could not be loaded')).toBeTruthy();
  expect(screen.getByText('Audit trail unavailable')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
});

it('is for Super Admins only: anyone else sees a message and nothing is asked of the server', () => {
  renderPage({ me: mary });
  expect(screen.getByText('The Audit Log is for Super Admins')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  expect(request).not.toHaveBeenCalled();
});

describe('a visit of a child\'s page and "Changes only"', () => {
  const at = (seconds: number) => new Date(Date.parse('2026-11-24T11:03:00.000Z') - seconds * 1000).toISOString();
  const listed = (id: string, type: string, seconds: number) =>
    entry(id, { at: at(seconds), entity: { type, id: null }, details: { rows: 2 } });
  const visit = [
    listed('beneficiaries-40', 'document', 0),
    listed('beneficiaries-39', 'school-fee', 0.2),
    listed('beneficiaries-38', 'household-member', 0.4),
    entry('beneficiaries-37', { at: at(0.6) }),
  ];
  const budget = entry('finance-9', {
    domain: 'finance',
    at: at(120),
    action: 'delete',
    entity: { type: 'budget', id: 'f4024452-9c1e-4b7a-8d2f-3e6a1b0c9d8e', label: 'Administrative, Term 1 2026' },
    beneficiaryId: null,
    changes: [{ field: 'category', from: 'admin', to: null }],
  });
  const sentences = async () =>
    within(await screen.findByRole('list', { name: 'Activity' }))
      .getAllByRole('listitem')
      .filter((item) => item.dataset.testid?.startsWith('audit-entry'))
      .map((item) => item.querySelector('p')?.textContent);

  it("shows a page's views as one line at the newest, each view in its details, and records by their names", async () => {
    serve({ '': page([...visit, budget]) });
    renderPage();
    expect(await sentences()).toEqual([
      'Mary Wanjiku (Admin) viewed the profile of child KCF-000123: household members, school fees and documents · 24 Nov 2026 14:03',
      'Mary Wanjiku (Admin) deleted budget Administrative, Term 1 2026 · 24 Nov 2026 14:01',
    ]);
    const line = within(screen.getByTestId('audit-entry-beneficiaries-40'));
    await click(line.getByRole('button', { name: 'Details' }));
    expect(
      within(line.getByRole('list', { name: 'Views' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mary Wanjiku (Admin) viewed documents of child KCF-000123 · 24 Nov 2026 14:03 (beneficiaries-40; Rows: 2)',
      'Mary Wanjiku (Admin) viewed school fees of child KCF-000123 · 24 Nov 2026 14:02 (beneficiaries-39; Rows: 2)',
      'Mary Wanjiku (Admin) viewed household members of child KCF-000123 · 24 Nov 2026 14:02 (beneficiaries-38; Rows: 2)',
      'Mary Wanjiku (Admin) viewed child KCF-000123 · 24 Nov 2026 14:02 (beneficiaries-37)',
    ]);
    // The record a name stands for is still there to be found.
    const deleted = within(screen.getByTestId('audit-entry-finance-9'));
    await click(deleted.getByRole('button', { name: 'Details' }));
    expect(deleted.getByText('Record').nextElementSibling?.textContent).toBe('f4024452-9c1e-4b7a-8d2f-3e6a1b0c9d8e');
  });

  it('asks the server for changes only, keeps the switch in the address, and opens with it from a link', async () => {
    request.mockImplementation(async (_method: string, url: string) =>
      url.includes('action=change') ? page([budget]) : page([...visit, budget]),
    );
    renderPage({ route: '/audit?beneficiaryId=KCF-000123' });
    expect(await sentences()).toHaveLength(2);
    const changesOnly = screen.getByRole('checkbox', { name: 'Changes only' }) as HTMLInputElement;
    expect(changesOnly.checked).toBe(false);

    await click(changesOnly);
    expect(address()).toBe('?beneficiaryId=KCF-000123&action=change');
    await waitFor(() => expect(auditUrls().at(-1)).toBe('/api/audit?beneficiaryId=KCF-000123&action=change&limit=50'));
    await waitFor(async () =>
      expect(await sentences()).toEqual([
        'Mary Wanjiku (Admin) deleted budget Administrative, Term 1 2026 · 24 Nov 2026 14:01',
      ]),
    );
    expect((screen.getByRole('checkbox', { name: 'Changes only' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('change');

    await click(screen.getByRole('checkbox', { name: 'Changes only' }));
    expect(address()).toBe('?beneficiaryId=KCF-000123');
    await waitFor(async () => expect(await sentences()).toHaveLength(2));
  });

  it('opens with "Changes only" on from an address that has it', async () => {
    serve({ '': page([budget]) });
    renderPage({ route: '/audit?action=change' });
    await screen.findByTestId('audit-entry-finance-9');
    expect((screen.getByRole('checkbox', { name: 'Changes only' }) as HTMLInputElement).checked).toBe(true);
    expect(auditUrls()).toEqual(['/api/audit?action=change&limit=50']);
  });
});
