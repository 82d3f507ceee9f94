/**
 * A stored picture (a child's photo, a gift's photo) with `?t=` set to the record's last change, so a
 * new photo replaces the old one on screen (spec §7: GET …/photo?t={timestamp}).
 */
export function photoSrc(b: { photoUrl: string | null; updatedAt: string } | null | undefined): string | null {
  if (!b?.photoUrl) return null;
  if (/[?&]t=/.test(b.photoUrl)) return b.photoUrl;
  const stamp = Date.parse(b.updatedAt);
  return `${b.photoUrl}${b.photoUrl.includes('?') ? '&' : '?'}t=${Number.isNaN(stamp) ? 0 : stamp}`;
}
