/**
 * The Cache-Control of a service's answer as the gateway passes it on. Everything behind the proxy is a
 * signed-in user's view of children's records (lists, files, the signed-in user), so no shared or disk
 * cache may keep it unless the service said how: an answer without Cache-Control gets `no-store`, and a
 * `public` one is made `private` (a file's own max-age stays for that one browser). Anything else the
 * service chose (`no-cache` with an ETag, `private, max-age=…`) passes as it is.
 */
export function privateCacheControl(value: string | string[] | undefined): string {
  if (value === undefined) return 'no-store';
  const text = Array.isArray(value) ? value.join(', ') : value;
  if (text.trim() === '') return 'no-store';
  return /\bpublic\b/i.test(text) ? text.replace(/\bpublic\b/gi, 'private') : text;
}
