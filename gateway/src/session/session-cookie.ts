export const SESSION_COOKIE = 'kcf_sid';

/** The session id from a Cookie header (URI-decoded, as cookie parsers do), or null. */
export function readSessionId(cookieHeader: string | undefined, name = SESSION_COOKIE): string | null {
  if (!cookieHeader) return null;
  let from = 0;
  while (from < cookieHeader.length) {
    const end = cookieHeader.indexOf(';', from);
    const pair = cookieHeader.slice(from, end === -1 ? undefined : end);
    from = end === -1 ? cookieHeader.length : end + 1;
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!value || value.length > 512) return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
