import type { QueryKey } from '@tanstack/react-query';

// Imports nothing at run time: the shell's first script turns a page's declared reads into addresses with it.

type QueryParams = Record<string, string | number | boolean | null | undefined>;

function isParams(segment: unknown): segment is QueryParams {
  return typeof segment === 'object' && segment !== null && !Array.isArray(segment);
}

/**
 * The URL a query key stands for: its segments joined with '/'. A trailing plain object
 * becomes the query string, leaving out empty values, e.g.
 * `['/api/beneficiaries', { search: 'ann', county: undefined }]` -> `/api/beneficiaries?search=ann`.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const last = queryKey[queryKey.length - 1];
  const params = queryKey.length > 1 && isParams(last) ? last : undefined;
  const segments = params ? queryKey.slice(0, -1) : queryKey;
  const path = segments.map(String).join('/');
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
