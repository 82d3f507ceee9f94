/**
 * The name a document is listed under: the client's file name without any folder part or control
 * characters, at most 255 characters, with the extension its content was found to have.
 */
export function cleanOriginalName(name: string | undefined, ext: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') cleaned = `document.${ext}`;
  if (cleaned.length > 255) {
    const dot = cleaned.lastIndexOf('.');
    const suffix = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
    cleaned = cleaned.slice(0, 255 - suffix.length) + suffix;
  }
  return cleaned;
}
