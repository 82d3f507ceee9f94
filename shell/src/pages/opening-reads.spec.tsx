/** @jest-environment jsdom */
import type { ComponentType } from 'react';
import { waitFor } from '@testing-library/react';
import { ROLES, roleMayAccess, type Role } from '@kcf/contracts';
import { calendarDateAt } from '@kcf/contracts/calendar';
import { createQueryClient, CURRENT_USER_QUERY_KEY, manualClock, setClock, urlFromQueryKey } from '@kcf/web-kit';
import { currentUser, jsonAnswer, renderWithProviders } from '@kcf/testing/web';
import BeneficiariesPage from '../../../mf-beneficiaries/src/exposes/BeneficiariesPage';
import GiftsPage from '../../../mf-beneficiaries/src/exposes/GiftsPage';
import BudgetPage from '../../../mf-finance/src/exposes/BudgetPage';
import FinancesPage from '../../../mf-finance/src/exposes/FinancesPage';
import AuditLogPage from '../../../mf-admin/src/exposes/AuditLogPage';
import DataRequestsPage from '../../../mf-admin/src/exposes/DataRequestsPage';
import UsersPage from '../../../mf-admin/src/exposes/UsersPage';
import { addressOf, readsAt, SECTION_PAGES, type SectionPage } from './page-table';

/**
 * A page's declared reads (page-table.ts) are sent before its code has arrived: they are of use only if they
 * are exactly what the page asks as it opens, and one the page never asks is a request for nothing. (A child's
 * profile: mf-beneficiaries' child-profile-reads.spec.tsx.)
 */
const PAGES: Record<string, ComponentType> = {
  './BeneficiariesPage': BeneficiariesPage,
  './GiftsPage': GiftsPage,
  './FinancesPage': FinancesPage,
  './BudgetPage': BudgetPage,
  './UsersPage': UsersPage,
  './AuditLogPage': AuditLogPage,
  './DataRequestsPage': DataRequestsPage,
};
const AT = '2026-02-14T07:00:00Z';

function answerFor(url: string): unknown {
  const path = url.split('?')[0];
  if (path === '/api/dashboard/stats')
    return {
      totalBeneficiaries: 0,
      activeInSchool: 0,
      specialNeeds: 0,
      totalDonations: '0.00',
      totalExpenses: '0.00',
      netBalance: '0.00',
    };
  if (path === '/api/gifts/totals') return { count: 0, amount: '0.00' };
  if (path === '/api/audit') return { items: [], nextCursor: null };
  return [];
}

const realFetch = globalThis.fetch;
beforeEach(() => setClock(manualClock(AT)));
afterEach(() => setClock(null));
afterAll(() => {
  globalThis.fetch = realFetch;
});

async function openingReads(page: SectionPage, role: Role): Promise<string[]> {
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    return jsonAnswer(200, answerFor(url));
  }) as typeof fetch;
  const client = createQueryClient();
  client.setQueryData(
    CURRENT_USER_QUERY_KEY,
    currentUser({ role, beneficiaryId: role === 'beneficiary' ? 'KCF-000012' : null }),
  );
  const Page = PAGES[page.expose];
  const view = renderWithProviders(<Page />, { client, route: addressOf(page) });
  await waitFor(() => expect(client.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
  await waitFor(() => expect(client.isFetching()).toBe(0));
  view.unmount();
  return asked;
}

describe('what a page declares it reads as it opens', () => {
  const pages = SECTION_PAGES.filter((page) => page.expose in PAGES);

  it("covers every section page but a child's profile", () => {
    expect(SECTION_PAGES.filter((page) => !(page.expose in PAGES)).map((page) => page.expose)).toEqual([
      './BeneficiaryDetailPage',
    ]);
  });

  const opened = pages.flatMap((page) =>
    ROLES.filter((role) => roleMayAccess(role, page.access!)).map((role) => [page.path, role, page] as const),
  );
  it.each(opened)('%s: exactly the reads the page asks for, as %s', async (_path, role, page) => {
    const declared = readsAt(page.path, '', calendarDateAt(new Date(AT))).map((read) =>
      typeof read === 'string' ? read : urlFromQueryKey(read),
    );
    const asked = await openingReads(page, role);
    expect([...new Set(asked)].sort()).toEqual([...declared].sort());
  });
});
