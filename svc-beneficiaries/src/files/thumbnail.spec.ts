import sharp from 'sharp';
import { AppError } from '@kcf/server-kit';
import { GIFT_CARD_HEIGHT, GIFT_CARD_WIDTH, makeGiftCardImage, makeThumbnail, THUMBNAIL_SIZE } from './thumbnail';

/** Raw RGB pixels of `width` x `height`, the top half `top` and the bottom half `bottom`. */
function halves(width: number, height: number, top: [number, number, number], bottom: [number, number, number]) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height / 2 ? top : bottom;
    for (let x = 0; x < width; x++) pixels.set([r, g, b], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** The colour of the output pixel at (x, y). */
async function pixelAt(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) < 40);

describe('gift card image', () => {
  it('is an 800x336 JPEG, a small part of the uploaded photo', async () => {
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#b43c28',
        noise: { type: 'gaussian', mean: 128, sigma: 20 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const card = await makeGiftCardImage(photo);
    expect(await sharp(card).metadata()).toMatchObject({
      format: 'jpeg',
      width: GIFT_CARD_WIDTH,
      height: GIFT_CARD_HEIGHT,
    });
    expect(card.length).toBeLessThan(photo.length / 10);
  });

  it('turns the photo upright by its EXIF orientation before cropping', async () => {
    // Stored portrait, red over blue, tagged "turn 90° clockwise to view": upright, blue is left and red right.
    const photo = await halves(336, 800, [255, 0, 0], [0, 0, 255]).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const card = await makeGiftCardImage(photo);
    expect(await sharp(card).metadata()).toMatchObject({ width: GIFT_CARD_WIDTH, height: GIFT_CARD_HEIGHT });
    expect(near(await pixelAt(card, 20, 168), [0, 0, 255])).toBe(true);
    expect(near(await pixelAt(card, 780, 168), [255, 0, 0])).toBe(true);
  });

  it('puts transparency on white', async () => {
    const clear = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(near(await pixelAt(await makeGiftCardImage(clear), 20, 10), [255, 255, 255])).toBe(true);
  });

  it('keeps a photo smaller than the card at its own size instead of enlarging it', async () => {
    const small = await halves(64, 48, [255, 0, 0], [0, 0, 255]).png().toBuffer();
    expect(await sharp(await makeGiftCardImage(small)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 64,
      height: 48,
    });
  });

  it('refuses bytes that only start like a PNG with the gift photo message (415)', async () => {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 33), Buffer.alloc(400, 7)]);
    const refused = await makeGiftCardImage(broken).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Gift photo must be a JPG or PNG image' });
  });
});

describe('thumbnail', () => {
  it('is still a 128x128 JPEG, refused with the photo message', async () => {
    const photo = await halves(64, 48, [255, 0, 0], [0, 0, 255]).png().toBuffer();
    expect(await sharp(await makeThumbnail(photo)).metadata()).toMatchObject({
      format: 'jpeg',
      width: THUMBNAIL_SIZE,
      height: THUMBNAIL_SIZE,
    });
    await expect(makeThumbnail(Buffer.from('not a picture'))).rejects.toMatchObject({
      message: 'Photo must be a JPG or PNG image',
    });
  });
});
