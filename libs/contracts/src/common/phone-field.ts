import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { requiredText } from './fields';

/** The country of a number typed without its country code (0712 345 678, 712345678). */
const HOME_COUNTRY = 'KE';

/**
 * A phone number as a person types it — 0712345678, 0712 345 678, +254712345678, 254712345678, or another
 * country's number with its + and country code — in E.164 (`+254712345678`); null when the text is not one
 * valid number (letters, too few or too many digits, an extension, more than the number). libphonenumber-js
 * with its "min" metadata: every country, the number's length checked against its country's plan.
 */
export function toE164(text: string): string | null {
  const number = parsePhoneNumberFromString(text.trim(), { defaultCountry: HOME_COUNTRY, extract: false });
  return number && number.isValid() && !number.ext ? number.number : null;
}

/** `<label> must be a phone number, e.g. 0712 345 678`. */
export function invalidPhoneMessage(label: string): string {
  return `${label} must be a phone number, e.g. 0712 345 678`;
}

/** A required phone number, stored in E.164 (see toE164); blank gives `requiredMessage`. */
export function requiredPhone(requiredMessage: string, label: string) {
  return requiredText(requiredMessage, label, 30).transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164 === null) {
      ctx.issues.push({ code: 'custom', message: invalidPhoneMessage(label), input: value });
      return z.NEVER;
    }
    return e164;
  });
}
