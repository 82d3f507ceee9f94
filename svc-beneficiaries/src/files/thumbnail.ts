import { BENEFICIARIES_ERRORS } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';

/** Edge of the square thumbnail, in pixels (twice the largest size the screens show, for sharp screens). */
export const THUMBNAIL_SIZE = 128;
/** The gift card's picture, in pixels: twice the card's 400x168 photo box, for sharp screens. */
export const GIFT_CARD_WIDTH = 800;
export const GIFT_CARD_HEIGHT = 336;
/** An image with more pixels than this is refused before it is decoded (a small file can unpack huge). */
const MAX_INPUT_PIXELS = 40_000_000;

interface SmallJpeg {
  width: number;
  height: number;
  quality: number;
  /** Keep a photo smaller than the box at its own size (its box crops it on screen) instead of enlarging it. */
  withoutEnlargement?: boolean;
  /** The kind of upload whose message (415) answers bytes that do not decode as a picture. */
  kind: 'photo' | 'giftPhoto';
}

/**
 * A JPEG of `width` x `height` made from a photo (or smaller, for a small photo that is not to be
 * enlarged): turned upright (EXIF), scaled to cover the box and cropped to its centre, transparency on white. Decoding the photo is also the last check of its
 * content: bytes that only start like a JPG or PNG are refused (415). sharp is loaded on first use only.
 */
async function smallJpeg(photo: Buffer, size: SmallJpeg): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', withoutEnlargement: size.withoutEnlargement ?? false })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: size.quality })
      .toBuffer();
  } catch {
    throw AppError.of(BENEFICIARIES_ERRORS.fileWrongType, { kind: size.kind });
  }
}

/** The child's photo as a small square JPEG, for lists and avatars. */
export function makeThumbnail(photo: Buffer): Promise<Buffer> {
  return smallJpeg(photo, { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, quality: 75, kind: 'photo' });
}

/** A gift's photo as the JPEG its card on the Gifts page shows (a fraction of the upload's bytes). */
export function makeGiftCardImage(photo: Buffer): Promise<Buffer> {
  return smallJpeg(photo, {
    width: GIFT_CARD_WIDTH,
    height: GIFT_CARD_HEIGHT,
    quality: 70,
    // A small upload made 800x336 would only cost more bytes than it has detail.
    withoutEnlargement: true,
    kind: 'giftPhoto',
  });
}
