import { cleanFileName } from '@kcf/contracts';

/** A name safe in a quoted header value: ASCII letters, digits and a few marks; the rest becomes '_'. */
function asciiName(name: string, fallback: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9 ._()-]/g, '_').trim();
  return cleaned.length > 0 ? cleaned.slice(0, 150) : fallback;
}

/** RFC 5987 percent-encoding: `encodeURIComponent` and the four marks it leaves that the grammar does not. */
function encodedName(name: string): string {
  return encodeURIComponent(name.slice(0, 200)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The one Content-Disposition: `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf` (RFC 6266 with an ASCII
 * fallback for old clients). The name loses its folder part, bidi and control characters first (contracts'
 * `cleanFileName`), so a name stored before names were cleaned never reaches a browser with one, and nothing
 * can break out of the header; `fallback` when nothing usable is left.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string, fallback = 'file'): string {
  const clean = cleanFileName(name, fallback);
  return `${disposition}; filename="${asciiName(clean, fallback)}"; filename*=UTF-8''${encodedName(clean)}`;
}
