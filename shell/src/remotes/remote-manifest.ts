import { readResponse } from '@kcf/web-kit';
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

export const REMOTE_MANIFEST_URL = '/remotes.json';

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

/** Fetches the manifest past any cache: a team may have moved its remote since the last visit. */
export async function fetchRemoteManifest(fetchFn: (url: string, init: RequestInit) => Promise<Response> = readResponse): Promise<RemoteManifest> {
  const res = await fetchFn(REMOTE_MANIFEST_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The list of sections could not be read (${res.status} ${res.statusText})`.trim());
  return parseRemoteManifest(await res.json());
}
