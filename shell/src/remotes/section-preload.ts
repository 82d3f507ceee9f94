import type { QueryKey } from '@tanstack/react-query';
import { now } from '@kcf/web-kit';
import { foundationDay } from '../dashboard/dashboard-rules';
import { isSectionPage, pageAt, readsAt, type SectionPage } from '../pages/page-table';
import type { RemoteName } from './remote-manifest';

/** The remote page shown at `pathname`, if any (from the page table). */
export function sectionAt(pathname: string): SectionPage | null {
  const page = pageAt(pathname)?.page;
  return page && isSectionPage(page) ? page : null;
}

/**
 * The query keys the page at `pathname` reads as it opens, for a move inside the app (the page table's reads
 * that are query keys; an address is only sent early by a page load).
 */
export function pageReadsAt(pathname: string): ReadonlyArray<QueryKey> {
  return readsAt(pathname, '', foundationDay(now())).filter((read): read is QueryKey => typeof read !== 'string');
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
