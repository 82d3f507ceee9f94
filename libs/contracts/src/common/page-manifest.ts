/**
 * The remotes' manifest inside a page of the app: the gateway writes what `/remotes.json` answers into every
 * page of the app it serves, as one `<meta>` element, so the page's first script knows at once where each
 * section's code is (and what each exposed page needs on its first visit) instead of asking for it after the
 * app's code has run. The service worker keeps its copy of the shell without it: a copy may be older than the
 * remotes, and a page without it asks `/remotes.json` as before. Imports nothing: the shell's first script and
 * its service worker are built from it alone.
 */
export const PAGE_MANIFEST_META = 'kcf-remotes';

/** The element, its content the manifest's JSON in single quotes (JSON's own quotes need no escaping there). */
export function pageManifestTag(manifestJson: string): string {
  const content = manifestJson
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return `<meta name="${PAGE_MANIFEST_META}" content='${content}'>`;
}

const TAG = new RegExp(`<meta name="${PAGE_MANIFEST_META}" content='[^']*'>`, 'g');

/** The page without its manifest (the service worker's copy). */
export function withoutPageManifest(html: string): string {
  return html.replace(TAG, '');
}

/** As much of a document as reading the manifest needs (this module is built without the DOM's types). */
export interface PageDocument {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

/** The manifest the page carries, parsed, or null (none, or not JSON). */
export function readPageManifest(doc: PageDocument | null | undefined): unknown {
  const content = doc?.querySelector(`meta[name="${PAGE_MANIFEST_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}
