import { UPLOAD_MESSAGES } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';

/** Edge of the square thumbnail, in pixels (twice the largest size the screens show, for sharp screens). */
export const THUMBNAIL_SIZE = 128;
/** An image with more pixels than this is refused before it is decoded (a small file can unpack huge). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A small square JPEG of a photo: turned upright (EXIF), cropped to the centre, transparency on white.
 * Decoding the photo is also the last check of its content: bytes that only start like a JPG or PNG are
 * refused (415). sharp is loaded on first use only.
 */
export async function makeThumbnail(photo: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.photo.wrongType);
  }
}
