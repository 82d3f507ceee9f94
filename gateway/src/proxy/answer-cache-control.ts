/**
 * The Cache-Control of a service's answer as the gateway passes it on. Everything behind the proxy is a
 * signed-in user's view of children's records (lists, files, the signed-in user), so no cache may keep it,
 * not even the browser's own: an answer is `no-store` unless the service already said so (its own
 * `private, no-store` passes as it is); `public`, `private, max-age=…` and `no-cache` all become `no-store`.
 */
export function privateCacheControl(value: string | string[] | undefined): string {
  if (value === undefined) return 'no-store';
  const text = Array.isArray(value) ? value.join(', ') : value;
  return /(^|[\s,])no-store($|[\s,])/i.test(text) && !/\bpublic\b/i.test(text) ? text : 'no-store';
}
