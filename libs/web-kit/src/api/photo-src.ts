/**
 * A stored picture (a child's photo, a gift's photo) with `?t=` set to the record's last change, so a
 * new photo replaces the old one on screen (a new `t` is a new URL to the browser's cache).
 */
export function photoSrc(b: { photoUrl: string | null; updatedAt: string } | null | undefined): string | null {
  if (!b?.photoUrl) return null;
  if (/[?&]t=/.test(b.photoUrl)) return b.photoUrl;
  const stamp = Date.parse(b.updatedAt);
  return `${b.photoUrl}${b.photoUrl.includes('?') ? '&' : '?'}t=${Number.isNaN(stamp) ? 0 : stamp}`;
}

/**
 * A child's picture for an avatar (a few dozen pixels): the 128x128 thumbnail the service makes at upload,
 * not the photo itself (up to 1 MB); the photo only from a service that sends no thumbnail. `?t=` as above
 * when the record's last change is known.
 */
export function thumbnailSrc(
  b: { photoUrl: string | null; photoThumbnailUrl?: string | null; updatedAt?: string } | null | undefined,
): string | null {
  if (!b?.photoUrl) return null;
  const url = b.photoThumbnailUrl ?? b.photoUrl;
  return b.updatedAt === undefined ? url : photoSrc({ photoUrl: url, updatedAt: b.updatedAt });
}
