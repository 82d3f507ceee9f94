import { readPageManifest } from '@kcf/contracts/page-manifest';
import { readResponse } from '@kcf/web-kit';
import { REMOTE_MANIFEST_URL } from '@kcf/web-kit/early';
/**
 * Where each remote's entry lives and which version it is, read at run time from the gateway: written into the
 * page it served, else asked of it (GET /remotes.json).
 */
export const REMOTE_NAMES = ['mf_beneficiaries', 'mf_finance', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
/** One remote: its entry (absolute or relative to this page) and, when the gateway knows it, its version. */
export interface RemoteInfo {
  entry: string;
  version?: string;
}
/** The remotes the gateway lists; one it does not list (or lists without an address) is absent. */
export type RemoteManifest = Partial<Record<RemoteName, RemoteInfo>>;

/**
 * Reads the manifest: `{"mf_finance": {"entry": "...", "version": "1.4.0"}, ...}`, or a bare entry per remote
 * (`{"mf_finance": "..."}`, a gateway from before versions). A remote without a usable entry is left out, so
 * only its own section fails (remote-versions.ts); the others still load.
 */
export function parseRemoteManifest(body: unknown): RemoteManifest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error('The list of sections is not a JSON object');
  const record = body as Record<string, unknown>;
  const manifest: RemoteManifest = {};
  for (const name of REMOTE_NAMES) {
    const value = record[name];
    const listed =
      typeof value === 'string'
        ? { entry: value }
        : (value as { entry?: unknown; version?: unknown } | null | undefined);
    if (typeof listed !== 'object' || listed === null || typeof listed.entry !== 'string' || listed.entry.trim() === '')
      continue;
    manifest[name] =
      typeof listed.version === 'string' ? { entry: listed.entry, version: listed.version } : { entry: listed.entry };
  }
  return manifest;
}

const REMEMBERED_KEY = 'kcf.remotes';

/** Remembers what a fresh manifest lists for the tab (addresses and versions only), for `rememberedManifest`. */
function remember(manifest: RemoteManifest): RemoteManifest {
  try {
    globalThis.sessionStorage?.setItem(REMEMBERED_KEY, JSON.stringify(manifest));
  } catch {
    // Without storage, the next page load waits for the manifest.
  }
  return manifest;
}

/**
 * Fetches the manifest past any cache: a team may have moved its remote since the last visit. What it
 * lists is remembered for the tab, for `rememberedManifest`.
 */
export async function fetchRemoteManifest(
  fetchFn: (url: string, init: RequestInit) => Promise<Response> = readResponse,
): Promise<RemoteManifest> {
  const res = await fetchFn(REMOTE_MANIFEST_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The list of sections could not be read (${res.status} ${res.statusText})`.trim());
  return remember(parseRemoteManifest(await res.json()));
}

/**
 * The manifest the gateway wrote into this page (as fresh as the page: it came with it), or null: a page the
 * service worker answered from its copy carries none, and neither does one served without a gateway.
 */
export function pageManifest(doc: Document | null = globalThis.document ?? null): RemoteManifest | null {
  const listed = readPageManifest(doc);
  if (listed === null) return null;
  try {
    return remember(parseRemoteManifest(listed));
  } catch {
    return null;
  }
}

/**
 * How the shell reads the manifest: the first time from the page when it carries one, else (and every time
 * after, e.g. a section's Retry, when a remote may have moved since the page loaded) from the gateway.
 */
export function manifestReader(
  fromPage: () => RemoteManifest | null = pageManifest,
  fetchManifest: () => Promise<RemoteManifest> = fetchRemoteManifest,
): () => Promise<RemoteManifest> {
  let first = true;
  return () => {
    const inPage = first ? fromPage() : null;
    first = false;
    return inPage ? Promise.resolve(inPage) : fetchManifest();
  };
}

/**
 * The manifest as last read in this tab, or null: a page load may start the section it opens with it while
 * the fresh one is on its way (remote-loader.ts). Never trusted further: the page itself waits for the fresh one.
 */
export function rememberedManifest(): RemoteManifest | null {
  try {
    const text = globalThis.sessionStorage?.getItem(REMEMBERED_KEY);
    return text ? parseRemoteManifest(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}
