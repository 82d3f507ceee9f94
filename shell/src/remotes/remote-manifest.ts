import { readResponse } from '@kcf/web-kit';
import { REMOTE_MANIFEST_URL } from '@kcf/web-kit/early';
/** Where each remote's entry lives and which version it is, read at run time from the gateway (GET /remotes.json). */
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
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('The list of sections is not a JSON object');
  const record = body as Record<string, unknown>;
  const manifest: RemoteManifest = {};
  for (const name of REMOTE_NAMES) {
    const value = record[name];
    const listed = typeof value === 'string' ? { entry: value } : (value as { entry?: unknown; version?: unknown } | null | undefined);
    if (typeof listed !== 'object' || listed === null || typeof listed.entry !== 'string' || listed.entry.trim() === '') continue;
    manifest[name] = typeof listed.version === 'string' ? { entry: listed.entry, version: listed.version } : { entry: listed.entry };
  }
  return manifest;
}

const REMEMBERED_KEY = 'kcf.remotes';

/**
 * Fetches the manifest past any cache: a team may have moved its remote since the last visit. What it
 * lists is remembered for the tab (addresses and versions only), for `rememberedManifest`.
 */
export async function fetchRemoteManifest(fetchFn: (url: string, init: RequestInit) => Promise<Response> = readResponse): Promise<RemoteManifest> {
  const res = await fetchFn(REMOTE_MANIFEST_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The list of sections could not be read (${res.status} ${res.statusText})`.trim());
  const manifest = parseRemoteManifest(await res.json());
  try {
    globalThis.sessionStorage?.setItem(REMEMBERED_KEY, JSON.stringify(manifest));
  } catch {
    // Without storage, the next page load waits for the manifest.
  }
  return manifest;
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
