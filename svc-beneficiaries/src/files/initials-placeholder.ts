import { initials } from '@kcf/contracts';
import { GIFT_CARD_HEIGHT, GIFT_CARD_WIDTH } from './thumbnail';

/** Cards made, by initials (a few hundred pairs of letters at most; each about 7KB). */
const made = new Map<string, Promise<Buffer>>();
const MAX_KEPT = 500;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The gift card's picture for a child whose photos may not go to donors: the child's initials in a circle,
 * a JPEG of the card's size (what the screens' avatar shows without a photo). The text is drawn with the
 * system's sans-serif font (sharp's SVG renderer); made once per pair of initials.
 */
export function initialsCard(fullName: string): Promise<Buffer> {
  const letters = initials(fullName) || '?';
  let card = made.get(letters);
  if (!card) {
    card = draw(letters);
    if (made.size >= MAX_KEPT) made.delete(made.keys().next().value!);
    made.set(letters, card);
    card.catch(() => made.delete(letters));
  }
  return card;
}

/** The ETag of the placeholder for these initials (it never changes for them). */
export function initialsCardTag(fullName: string): string {
  return `"initials-${Buffer.from(initials(fullName) || '?').toString('hex')}"`;
}

async function draw(letters: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const [w, h] = [GIFT_CARD_WIDTH, GIFT_CARD_HEIGHT];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#e8eef6"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${Math.round(h / 3)}" fill="#3b6ea5"/>
    <text x="${w / 2}" y="${h / 2}" font-family="sans-serif" font-size="${Math.round(h / 3.5)}" font-weight="bold" fill="#ffffff"
      text-anchor="middle" dominant-baseline="central">${escapeXml(letters)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}
