// Phone numbers as people read them, without zod and without the phone library: pages that only show a
// number use this; phone-field.ts validates and normalises what is typed.

/** A number stored in E.164 (`+254712345678`): a plus, then 8 to 15 digits, the first not 0. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** A Kenyan number in E.164: +254 and its 9 national digits. */
const KENYAN_E164 = /^\+254(\d{9})$/;

/**
 * A stored phone number as Kenyans write it: a Kenyan mobile (+2547…, +2541…) as `0712 345 678`, another
 * Kenyan number as 0 and its national digits (`0202345678`), a number of another country in E.164 as stored,
 * and a text no rule has normalised (stored before numbers were checked) as it is.
 */
export function phoneForDisplay(stored: string): string {
  const kenyan = KENYAN_E164.exec(stored);
  if (!kenyan) return stored;
  const national = kenyan[1];
  if (!/^[17]/.test(national)) return `0${national}`;
  return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
