import type { QueryKey } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router-dom';
import { childProfileReads } from '@kcf/web-kit';
import type { RemoteName } from './remote-manifest';

/**
 * A page that lives in a remote: its address, where its code is, and (for a page whose first screen waits
 * on several reads) the query keys it reads as it opens, which the shell starts with its code.
 */
export interface SectionPage {
  path: string;
  remote: RemoteName;
  expose: string;
  reads?: (params: Params) => ReadonlyArray<QueryKey>;
}

/** The pages that live in a remote, by address (the same pairs the routes render with RemoteSection). */
export const SECTION_PAGES: readonly SectionPage[] = [
  { path: '/beneficiaries', remote: 'mf_beneficiaries', expose: './BeneficiariesPage' },
  {
    path: '/beneficiaries/:id',
    remote: 'mf_beneficiaries',
    expose: './BeneficiaryDetailPage',
    reads: ({ id = '' }) => childProfileReads(id),
  },
  { path: '/gifts', remote: 'mf_beneficiaries', expose: './GiftsPage' },
  { path: '/finances', remote: 'mf_finance', expose: './FinancesPage' },
  { path: '/budget', remote: 'mf_finance', expose: './BudgetPage' },
  { path: '/users', remote: 'mf_admin', expose: './UsersPage' },
  { path: '/audit', remote: 'mf_admin', expose: './AuditLogPage' },
  { path: '/data-requests', remote: 'mf_admin', expose: './DataRequestsPage' },
];

/** The remote page shown at `pathname`, if any. */
export function sectionAt(pathname: string): SectionPage | null {
  return SECTION_PAGES.find((page) => matchPath(page.path, pathname) !== null) ?? null;
}

/** The query keys the page at `pathname` reads as it opens (none when it declares none). */
export function pageReadsAt(pathname: string): ReadonlyArray<QueryKey> {
  for (const page of SECTION_PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) return page.reads?.(match.params) ?? [];
  }
  return [];
}

/** The loads a preload may start: the page module, and a remote's entry (into the browser's cache). */
export interface SectionLoads {
  loadPage(remote: RemoteName, expose: string): Promise<unknown>;
  prefetchEntry(remote: RemoteName): Promise<unknown>;
}

/**
 * Starts a section's code early, so it is there (or on its way) when its page renders: for the address
 * the shell opens with, while the sign-in state is still being asked for; for a link, when the pointer
 * rests on it, a finger touches it or it gets the keyboard focus. A failure is left for the page to
 * show (with its Retry): a preload only warms the caches.
 */
export class SectionPreloader {
  private readonly started = new Set<string>();

  constructor(private readonly loads: SectionLoads) {}

  /** Preloads the page at `pathname` (once per page until `forget`); false when it is no section. */
  preload(pathname: string): boolean {
    const page = sectionAt(pathname);
    if (!page) return false;
    const id = `${page.remote}/${page.expose}`;
    if (this.started.has(id)) return true;
    this.started.add(id);
    this.loads.loadPage(page.remote, page.expose).catch(() => this.started.delete(id));
    return true;
  }

  /**
   * Fetches the entries of the remotes behind `paths` (the sidebar's links) into the browser's cache ahead
   * of the first click, so that a first visit starts with the section's own code. An entry is a few KiB and
   * is kept until it changes (its address carries its content version).
   */
  warmEntries(paths: readonly string[]): void {
    const remotes = new Set(paths.map((path) => sectionAt(path)?.remote).filter((remote) => remote !== undefined));
    for (const remote of remotes) this.loads.prefetchEntry(remote).catch(() => undefined);
  }

  /** A remote that failed is fetched anew: its pages may be preloaded again. */
  forget(remote: RemoteName): void {
    for (const id of [...this.started]) if (id.startsWith(`${remote}/`)) this.started.delete(id);
  }

  /**
   * Preloads the section a link points to as soon as a visit becomes likely. Returns the function that
   * stops listening.
   */
  listen(target: Pick<Document, 'addEventListener' | 'removeEventListener'>, origin: string): () => void {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href, origin);
      if (url.origin === origin) this.preload(url.pathname);
    };
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const name of events) target.addEventListener(name, onIntent, { passive: true, capture: true });
    return () => {
      for (const name of events) target.removeEventListener(name, onIntent, { capture: true });
    };
  }
}
