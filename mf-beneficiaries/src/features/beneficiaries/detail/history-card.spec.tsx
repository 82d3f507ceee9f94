/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { AuditEntry, AuditPage, Role } from '@kcf/contracts';
import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@kcf/web-kit';
import { beneficiary, currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import { beneficiaryKeys } from '../api';
import { BeneficiaryDetail } from './beneficiary-detail-page';

const ID = 'KCF-000123';
const child = beneficiary({ id: ID });

function entry(n: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `beneficiaries-${n}`,
    at: '2026-11-24T11:03:00.000Z',
    domain: 'beneficiaries',
    actor: { id: 'u3', username: 'mwanjiku', name: 'Mary Wanjiku', role: 'admin' },
    action: 'view',
    entity: { type: 'beneficiary', id: ID },
    beneficiaryId: ID,
    changes: [],
    details: null,
    requestId: null,
    clientIp: null,
    userAgent: null,
    ...fields,
  };
}

const realFetch = globalThis.fetch;
let asked: string[] = [];
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** The audit API answers from `pages` by cursor (none: the first page); every part of the child is empty. */
function serve(pages: Record<string, AuditPage | Promise<AuditPage>>) {
  asked = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url.startsWith('/api/audit')) {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? '';
      return jsonAnswer(200, await (pages[cursor] ?? { items: [], nextCursor: null }));
    }
    return jsonAnswer(200, []);
  }) as typeof fetch;
}
const auditAsked = () => asked.filter((url) => url.startsWith('/api/audit'));

function renderProfile(role: Role) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ role, beneficiaryId: role === 'beneficiary' ? ID : null }));
  client.setQueryData(beneficiaryKeys.one(ID), child);
  renderWithProviders(
    <Routes>
      <Route path="/beneficiaries/:id" element={<BeneficiaryDetail />} />
    </Routes>,
    { client, route: `/beneficiaries/${ID}` },
  );
}

const historyLines = () =>
  within(screen.getByRole('list', { name: 'History' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe("the child's History card", () => {
  it("shows the child's changes and views in words, newest first, with date and time", async () => {
    serve({
      '': {
        items: [
          entry(2, {
            action: 'update',
            changes: [{ field: 'guardianPhone', from: '0712 345 678', to: '0722 345 678' }],
          }),
          entry(1, {
            at: '2026-11-23T06:15:00.000Z',
            actor: { id: 'u4', username: 'okoth', name: 'John Okoth', role: 'superadmin' },
            entity: { type: 'document', id: 'doc-9' },
          }),
        ],
        nextCursor: null,
      },
    });
    renderProfile('admin');
    expect(await screen.findByRole('heading', { name: 'History' })).toBeTruthy();
    await screen.findByRole('list', { name: 'History' });
    expect(historyLines()).toEqual([
      'Mary Wanjiku (Admin) changed Guardian phone from 0712 345 678 to 0722 345 678 on child KCF-000123 · 24 Nov 2026 14:03',
      'John Okoth (Super Admin) viewed document doc-9 of child KCF-000123 · 23 Nov 2026 09:15',
    ]);
    expect(auditAsked()).toEqual([`/api/audit?beneficiaryId=${ID}&limit=10`]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows 10 at a time and the next ones on Show more', async () => {
    // Views minutes apart: each its own line.
    const apart = (n: number) =>
      entry(n, { at: new Date(Date.parse('2026-11-24T11:03:00.000Z') - (30 - n) * 120_000).toISOString() });
    const first = Array.from({ length: 10 }, (_, i) => apart(30 - i));
    serve({ '': { items: first, nextCursor: 'c-10' }, 'c-10': { items: [apart(20), apart(19)], nextCursor: null } });
    renderProfile('superadmin');
    await screen.findByRole('list', { name: 'History' });
    expect(historyLines()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(historyLines()).toHaveLength(12));
    expect(auditAsked()).toEqual([
      `/api/audit?beneficiaryId=${ID}&limit=10`,
      `/api/audit?beneficiaryId=${ID}&limit=10&cursor=c-10`,
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("shows a visit of the child's page as one line at its newest view, each view in its details", async () => {
    const at = (seconds: number) => new Date(Date.parse('2026-11-24T11:03:00.000Z') - seconds * 1000).toISOString();
    const listed = (n: number, type: string, seconds: number) =>
      entry(n, { at: at(seconds), entity: { type, id: null }, details: { rows: 1 } });
    const change = entry(3, {
      at: at(300),
      action: 'update',
      domain: 'finance',
      entity: { type: 'expense', id: 'f4024452-9c1e-4b7a-8d2f-3e6a1b0c9d8e', label: 'Health, 11 Jan 2026' },
      changes: [{ field: 'amount', from: '1200.00', to: '1500.00' }],
    });
    serve({
      '': {
        items: [
          listed(9, 'document', 0),
          listed(8, 'consent', 0.1),
          listed(7, 'household-member', 0.2),
          listed(6, 'school-fee', 0.3),
          entry(5, { at: at(0.5) }),
          change,
        ],
        nextCursor: null,
      },
    });
    renderProfile('admin');
    await screen.findByRole('list', { name: 'History' });
    expect(historyLines()).toEqual([
      'Mary Wanjiku (Admin) viewed the profile of child KCF-000123: school fees, household members, consents and 1 more · 24 Nov 2026 14:03Details',
      'Mary Wanjiku (Admin) changed Amount from 1200.00 to 1500.00 on expense Health, 11 Jan 2026 of child KCF-000123 · 24 Nov 2026 13:58',
    ]);
    const history = within(screen.getByRole('list', { name: 'History' }));
    fireEvent.click(history.getByRole('button', { name: 'Details' }));
    expect(
      within(screen.getByRole('list', { name: 'Views' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mary Wanjiku (Admin) viewed documents of child KCF-000123 · 24 Nov 2026 14:03',
      'Mary Wanjiku (Admin) viewed consents of child KCF-000123 · 24 Nov 2026 14:02',
      'Mary Wanjiku (Admin) viewed household members of child KCF-000123 · 24 Nov 2026 14:02',
      'Mary Wanjiku (Admin) viewed school fees of child KCF-000123 · 24 Nov 2026 14:02',
      'Mary Wanjiku (Admin) viewed child KCF-000123 · 24 Nov 2026 14:02',
    ]);
    expect(history.getByRole('button', { name: 'Hide details' })).toBeTruthy();
  });

  it('shows the changes alone on "Changes only", asked of the server so each page is full', async () => {
    const change = (n: number) =>
      entry(n, { action: 'update', changes: [{ field: 'schoolName', from: 'Malava Primary', to: `School ${n}` }] });
    asked = [];
    globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
      const url = String(input);
      asked.push(url);
      if (!url.startsWith('/api/audit')) return jsonAnswer(200, []);
      const changesOnly = new URL(url, 'http://x').searchParams.get('action') === 'change';
      return jsonAnswer(
        200,
        changesOnly
          ? { items: [change(4), change(2)], nextCursor: null }
          : { items: [entry(5), change(4), entry(3)], nextCursor: 'c-3' },
      );
    }) as typeof fetch;
    renderProfile('admin');
    await screen.findByRole('list', { name: 'History' });
    const changesOnly = screen.getByRole('checkbox', { name: 'Changes only' }) as HTMLInputElement;
    expect(changesOnly.checked).toBe(false);
    fireEvent.click(changesOnly);
    await waitFor(() => expect(historyLines()).toHaveLength(2));
    expect(historyLines()).toEqual([
      'Mary Wanjiku (Admin) changed School name from Malava Primary to School 4 on child KCF-000123 · 24 Nov 2026 14:03',
      'Mary Wanjiku (Admin) changed School name from Malava Primary to School 2 on child KCF-000123 · 24 Nov 2026 14:03',
    ]);
    expect(auditAsked()).toEqual([
      `/api/audit?beneficiaryId=${ID}&limit=10`,
      `/api/audit?beneficiaryId=${ID}&action=change&limit=10`,
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Changes only' }));
    await waitFor(() => expect(historyLines()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('says when there are no changes yet', async () => {
    serve({ '': { items: [], nextCursor: null } });
    renderProfile('superadmin');
    expect(await screen.findByText('No activity recorded yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Changes only' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('shows a skeleton while the history loads, then says when there is none', async () => {
    let answer: (page: AuditPage) => void = () => undefined;
    serve({ '': new Promise<AuditPage>((resolve) => (answer = resolve)) });
    renderProfile('admin');
    expect(await screen.findByLabelText('Loading history')).toBeTruthy();
    answer({ items: [], nextCursor: null });
    expect(await screen.findByText('No activity recorded yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Loading history')).toBeNull();
  });

  it.each(['viewer', 'beneficiary'] as const)(
    'is not shown to a %s, and the history is not asked for',
    async (role) => {
      serve({ '': { items: [entry(1)], nextCursor: null } });
      renderProfile(role);
      expect(await screen.findByRole('heading', { name: 'Amani Wekesa' })).toBeTruthy();
      await waitFor(() => expect(asked.length).toBeGreaterThan(0));
      expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
      expect(screen.queryByLabelText('Loading history')).toBeNull();
      expect(auditAsked()).toEqual([]);
    },
  );
});
