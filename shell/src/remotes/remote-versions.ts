import type { RemoteInfo, RemoteManifest, RemoteName } from './remote-manifest';

/**
 * The major version of each remote this shell was built to host (the major of the remote's package.json
 * version; `remote-versions.spec.ts` keeps the two equal). A remote of another major no longer fits this shell:
 * an exposed page renamed or removed, its props changed, or a shared library's major moved.
 */
export const REMOTE_MAJORS: Readonly<Record<RemoteName, number>> = {
  mf_beneficiaries: 0,
  mf_finance: 0,
  mf_admin: 0,
};

/** The major of `1.4.0` or `1.4`; NaN for anything else. */
export function majorOfRemoteVersion(version: string): number {
  return /^\d+\.\d+(\.\d+)?$/.test(version) ? Number(version.split('.')[0]) : Number.NaN;
}

/**
 * The remote's entry as the manifest lists it, when this shell can host it; throws (the section then shows
 * its card with Retry) when the manifest lists no such remote or one of another major. A manifest that gives no
 * version (a gateway from before versions) is taken at its word.
 */
export function hostableRemote(manifest: RemoteManifest, remote: RemoteName): RemoteInfo {
  const info = manifest[remote];
  if (!info) throw new Error(`The list of sections has no address for ${remote}`);
  if (info.version !== undefined && majorOfRemoteVersion(info.version) !== REMOTE_MAJORS[remote]) {
    throw new Error(
      `This section was updated to version ${info.version}, which this page cannot show (it needs ${REMOTE_MAJORS[remote]}.x). Reload the page to get the newest version.`,
    );
  }
  return info;
}
