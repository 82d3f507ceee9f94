import { cleanFileName } from '@kcf/contracts';

/**
 * The name a document is listed under: the client's file name cleaned by the contracts' `cleanFileName`
 * (no folder part, no bidi or other control characters, at most 255 characters), or `document.<ext>`
 * (the extension its content was found to have) when nothing usable is left.
 */
export function cleanOriginalName(name: string | undefined, ext: string): string {
  return cleanFileName(name, `document.${ext}`);
}
