import type { AccessLevel } from '@kcf/contracts';
import type { CalendarDate } from '@kcf/contracts/calendar';
import { childProfileReads } from '@kcf/web-kit';
import type { RemoteName } from '../remotes/remote-manifest';

/**
 * The signed-in pages, in one table: the routes (routes.tsx), the sidebar (layout/navigation.ts), who may
 * open each page, where a remote's page has its code, and what a page reads as it opens are all read from
 * here. No other module of the shell writes a page's address (page-table.spec.ts looks).
 *
 * This module imports nothing at run time but web-kit's key helpers (child-profile-keys.ts, which import
 * nothing): the shell's first script is built with it (build-kit's early-script-plugin.js), so a page opened
 * from a bookmark starts its section's code and its reads before the app's code has arrived.
 */

/**
 * A read a page starts as it opens. A query key: the page reads it with the default query function, so the
 * shell may also start it into the query cache when the page is reached by a link. An address: a read only a
 * page load sends early (a list read a page at a time, which the page takes by its address).
 */
export type PageRead = string | readonly unknown[];

export type PageParams = Readonly<Record<string, string>>;

export interface Page {
  /** The route: `/finances`, `/beneficiaries/:id`. */
  path: string;
  /** The sidebar link's text; a page without one has no link. */
  label?: string;
  /** Who may open it, in the permission table's terms (the server refuses the others too); none: everyone signed in. */
  access?: AccessLevel;
  /** A page that lives in a remote: the remote, and the module it exposes (`./FinancesPage`). */
  remote?: RemoteName;
  expose?: string;
  /**
   * What the page reads as it opens, at its address without a query (the filters in a query change them):
   * started with its code instead of after it. Each must be exactly what the page asks (opening-reads.spec.tsx).
   */
  reads?: (params: PageParams, today: CalendarDate) => ReadonlyArray<PageRead>;
}

/** A page whose code is in a remote. */
export type SectionPage = Page & { remote: RemoteName; expose: string };

/**
 * This month on the foundation's calendar, as the Finances list opens with it (`today` is on that calendar;
 * day 0 of the next month is this month's last). Kept off contracts' calendar module, which the first page
 * load would otherwise carry twice.
 */
function monthOf({ year, month }: CalendarDate): { from: string; to: string } {
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  return { from: `${ym}-01`, to: `${ym}-${new Date(Date.UTC(year, month, 0)).getUTCDate()}` };
}

/** The sidebar shows the pages with a label, in this order. */
export const PAGES = {
  dashboard: { path: '/', label: 'Dashboard', access: 'read' },
  beneficiaries: {
    path: '/beneficiaries',
    label: 'Beneficiaries',
    access: 'readOwnBeneficiary',
    remote: 'mf_beneficiaries',
    expose: './BeneficiariesPage',
    reads: () => ['/api/beneficiaries?limit=25&offset=0'],
  },
  child: {
    path: '/beneficiaries/:id',
    access: 'readOwnBeneficiary',
    remote: 'mf_beneficiaries',
    expose: './BeneficiaryDetailPage',
    reads: ({ id }) => childProfileReads(id),
  },
  gifts: {
    path: '/gifts',
    label: 'Gifts',
    access: 'readOwnBeneficiary',
    remote: 'mf_beneficiaries',
    expose: './GiftsPage',
    reads: () => ['/api/gifts?sort=dateGiven&dir=desc&limit=24&offset=0', '/api/gifts/totals'],
  },
  finances: {
    path: '/finances',
    label: 'Finances',
    access: 'read',
    remote: 'mf_finance',
    expose: './FinancesPage',
    reads: (_, today) => {
      const { from, to } = monthOf(today);
      return ['/api/dashboard/stats', `/api/transactions?from=${from}&to=${to}&sort=date&dir=desc&limit=25&offset=0`];
    },
  },
  budget: {
    path: '/budget',
    label: 'Budget',
    access: 'read',
    remote: 'mf_finance',
    expose: './BudgetPage',
    reads: (_, today) => [`/api/budgets?year=${today.year}`],
  },
  users: {
    path: '/users',
    label: 'User Management',
    access: 'manageUsers',
    remote: 'mf_admin',
    expose: './UsersPage',
    reads: () => ['/api/users?limit=50&offset=0'],
  },
  audit: {
    path: '/audit',
    label: 'Audit Log',
    access: 'readAudit',
    remote: 'mf_admin',
    expose: './AuditLogPage',
    reads: () => ['/api/audit?limit=50', '/api/users?limit=500'],
  },
  dataRequests: {
    path: '/data-requests',
    label: 'Data requests',
    access: 'manageDataRequests',
    remote: 'mf_admin',
    expose: './DataRequestsPage',
    reads: () => ['/api/data-requests', '/api/data-requests/retention-review'],
  },
  changePassword: { path: '/change-password' },
} as const satisfies Record<string, Page>;

export type PageId = keyof typeof PAGES;

/** Every page, in the table's order. */
export const ALL_PAGES: readonly Page[] = Object.values(PAGES);

export function isSectionPage(page: Page): page is SectionPage {
  return page.remote !== undefined && page.expose !== undefined;
}

/** The pages that live in a remote. */
export const SECTION_PAGES: readonly SectionPage[] = ALL_PAGES.filter(isSectionPage);

/**
 * The page at `pathname` and the values of its `:params` (decoded), or null. As the router matches: whole
 * segments, letters in any case, a trailing slash allowed.
 */
export function pageAt(pathname: string): { page: Page; params: PageParams } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const page of ALL_PAGES) {
    const pattern = page.path.replace(/\/+$/, '').split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((segment, i) => {
      if (!segment.startsWith(':')) return segment.toLowerCase() === parts[i].toLowerCase();
      try {
        params[segment.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        return false;
      }
      return parts[i] !== '';
    });
    if (fits) return { page, params };
  }
  return null;
}

/** The address of `page` with its `:params` filled in: `addressOf(PAGES.child, { id })`. */
export function addressOf(page: Page, params: PageParams = {}): string {
  return page.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The reads the page at this address starts as it opens (none at an address with a query). */
export function readsAt(pathname: string, search: string, today: CalendarDate): ReadonlyArray<PageRead> {
  const found = search && search !== '?' ? null : pageAt(pathname);
  return found?.page.reads?.(found.params, today) ?? [];
}
