import type { CalendarDate } from '@kcf/contracts/calendar';
import { readPageManifest } from '@kcf/contracts/page-manifest';
import { CURRENT_USER_URL, recordAddress, startEarlyRequests, urlFromQueryKey } from '@kcf/web-kit/early';
import { pageAt, readsAt } from './pages/page-table';

/**
 * What a page load starts before the app's code has arrived: the sign-in state, the reads the page opens
 * with (declared in the page table, and those it made the last time it was opened in this tab), and, from
 * the remotes' manifest the gateway wrote into the page, its section's entry and the files its page needs on
 * a first visit, as preloads. The shell's first script (`early.<hash>.js`, build-kit's early-script-plugin.js)
 * runs this as soon as the HTML names it. Should the main script run first (index.ts), it sends the sign-in
 * state and what the address read last time, and this sends nothing more.
 *
 * Imports nothing at run time beyond modules that import nothing: the first script is built from it alone.
 */
export function startPageLoad(
  location: Pick<Location, 'pathname' | 'search'>,
  doc: Document | null = globalThis.document ?? null,
  at: Date = new Date(),
): void {
  const { pathname, search } = location;
  const manifest = readPageManifest(doc);
  const reads = readsAt(pathname, search, foundationDate(at)).map((read) =>
    typeof read === 'string' ? read : urlFromQueryKey(read),
  );
  const first = startEarlyRequests(pathname, [CURRENT_USER_URL, ...reads], doc, { manifestInPage: manifest !== null });
  if (first && doc && manifest) preloadSection(doc, manifest, pathname);
  recordAddress(pathname);
}

/**
 * The day `at` falls on in Nairobi. East Africa Time is UTC+3 all year (Kenya keeps no daylight saving), so it
 * is read without Intl: a date format with a time zone costs a slow phone's first script about 200 ms (its
 * time-zone data), more than the round trip it saves. early-start.spec.ts holds it equal to contracts'
 * `calendarDateAt` over a year.
 */
export function foundationDate(at: Date): CalendarDate {
  const eat = new Date(at.getTime() + 3 * 3_600_000);
  return { year: eat.getUTCFullYear(), month: eat.getUTCMonth() + 1, day: eat.getUTCDate() };
}

type ListedRemote = { entry?: unknown; exposes?: Record<string, unknown> } | null | undefined;

/** The entry and first-visit files of the remote behind `pathname`, as the page's manifest lists them. */
export function sectionFiles(manifest: unknown, pathname: string): string[] {
  const page = pageAt(pathname)?.page;
  if (!page?.remote || !page.expose || typeof manifest !== 'object' || manifest === null) return [];
  const listed = (manifest as Record<string, ListedRemote>)[page.remote];
  if (typeof listed?.entry !== 'string') return [];
  const files = listed.exposes?.[page.expose];
  return [listed.entry, ...(Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [])];
}

function preloadSection(doc: Document, manifest: unknown, pathname: string): void {
  for (const href of sectionFiles(manifest, pathname)) {
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', /\.css(\?|$)/.test(href) ? 'style' : 'script');
    link.setAttribute('href', href);
    doc.head.appendChild(link);
  }
}
