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
          entry(2, { action: 'update', changes: [{ field: 'guardianPhone', from: '0712 345 678', to: '0722 345 678' }] }),
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
    const first = Array.from({ length: 10 }, (_, i) => entry(30 - i));
    serve({ '': { items: first, nextCursor: 'c-10' }, 'c-10': { items: [entry(20), entry(19)], nextCursor: null } });
    renderProfile('superadmin');
    await screen.findByRole('list', { name: 'History' });
    expect(historyLines()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(historyLines()).toHaveLength(12));
    expect(auditAsked()).toEqual([`/api/audit?beneficiaryId=${ID}&limit=10`, `/api/audit?beneficiaryId=${ID}&limit=10&cursor=c-10`]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
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

  it.each(['viewer', 'beneficiary'] as const)('is not shown to a %s, and the history is not asked for', async (role) => {
    serve({ '': { items: [entry(1)], nextCursor: null } });
    renderProfile(role);
    expect(await screen.findByRole('heading', { name: 'Amani Wekesa' })).toBeTruthy();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
    expect(screen.queryByLabelText('Loading history')).toBeNull();
    expect(auditAsked()).toEqual([]);
  });
});
