/** Where each remote's entry lives, read at run time from the gateway (GET /remotes.json). */
export const REMOTE_NAMES = ['mf_beneficiaries', 'mf_finance', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RemoteManifest = Record<RemoteName, string>;

export const REMOTE_MANIFEST_URL = '/remotes.json';

/** Checks the manifest's shape; an entry may be absolute or relative to this page. */
export function parseRemoteManifest(body: unknown): RemoteManifest {
  if (typeof body !== 'object' || body === null) throw new Error('The list of sections is not a JSON object');
  const record = body as Record<string, unknown>;
  const manifest = {} as RemoteManifest;
  for (const name of REMOTE_NAMES) {
    const entry = record[name];
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new Error(`The list of sections has no address for ${name}`);
    }
    manifest[name] = entry;
  }
  return manifest;
}

/** Fetches the manifest past any cache: a team may have moved its remote since the last visit. */
export async function fetchRemoteManifest(fetchFn: typeof fetch = fetch): Promise<RemoteManifest> {
  const res = await fetchFn(REMOTE_MANIFEST_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The list of sections could not be read (${res.status} ${res.statusText})`.trim());
  return parseRemoteManifest(await res.json());
}
