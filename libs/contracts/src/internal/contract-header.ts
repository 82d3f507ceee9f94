import { FIRST_CONTRACT_VERSION, readsVersion } from '../common/contract-version';
import type { InternalEndpoint } from './endpoints';

/** The answer header naming the INTERNAL entry and the version the service answered with. */
export const CONTRACT_HEADER = 'x-kcf-contract';

/** The header's value for an entry: `financeStats@1.0`. */
export function contractOf(endpoint: Pick<InternalEndpoint<never, unknown>, 'name' | 'version'>): string {
  return `${endpoint.name}@${endpoint.version}`;
}

/**
 * Why a caller built with `endpoint` cannot read an answer whose header is `header`, or null when it can: an
 * answer without the header (a service from before versions) counts as 1.0; another entry's name or another
 * major is refused.
 */
export function contractMismatch(
  endpoint: Pick<InternalEndpoint<never, unknown>, 'name' | 'version'>,
  header: string | string[] | undefined,
): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') {
    return readsVersion(endpoint.version, FIRST_CONTRACT_VERSION)
      ? null
      : `answered without a version; ${contractOf(endpoint)} expected`;
  }
  const at = value.lastIndexOf('@');
  const name = at < 0 ? value : value.slice(0, at);
  const version = at < 0 ? '' : value.slice(at + 1);
  if (name !== endpoint.name) return `answered as ${value}; ${contractOf(endpoint)} expected`;
  if (!readsVersion(endpoint.version, version))
    return `answered ${value}; this caller reads ${endpoint.name}@${endpoint.version.split('.')[0]}.x`;
  return null;
}
