import { COMMON_ERRORS, FILE_RULES, cleanFileName } from '@kcf/contracts';
import { checkFile, type UploadedBytes } from '@kcf/server-kit';
import { commonError } from '../common/errors';

/** Receipts: pdf, jpg/jpeg or png, at most 10 MB (FILE_RULES.receipt), checked by their bytes. */
export const RECEIPT_RULE = FILE_RULES.receipt;

/** Limits of a multipart form without files (income) or with one receipt (expenses). */
export const FORM_LIMITS = { fields: 20, fieldSize: 64 * 1024, parts: 25 } as const;

/**
 * multer's options for the receipt field: limits one byte above the rule, so the rule itself decides (413), and
 * file names read as UTF-8 (what browsers send), not multer's default latin1 ("Wanjirũ" would become "WanjirÅ©").
 */
export const RECEIPT_UPLOAD = {
  limits: { ...FORM_LIMITS, files: 1, fileSize: RECEIPT_RULE.maxBytes + 1 },
  defParamCharset: 'utf8',
} as const;

/** What multer hands over for an uploaded file (memory storage). */
export interface UploadedFileLike extends UploadedBytes {
  originalname: string;
}

/** An uploaded receipt as the routes take it: also the type the browser declared (the audit trail's file facts). */
export interface UploadedReceipt extends UploadedFileLike {
  mimetype: string;
}

export interface CheckedReceipt {
  bytes: Buffer;
  /** The type read from the content, e.g. application/pdf. */
  contentType: string;
  /** pdf, jpg or png (from the content, not from the name). */
  extension: string;
  /** The uploaded name, made safe to show and to send back in a header. */
  name: string;
  size: number;
}

/**
 * The uploaded name as kept: the contracts' `cleanFileName` (no folder part, no bidi or other control
 * characters, at most 255 characters) without double quotes; `fallback` when nothing usable is left.
 */
export function safeFileName(name: string, fallback: string): string {
  return cleanFileName(name.replace(/"/g, ''), fallback);
}

/** Checks size and content type (server-kit's `checkFile`): 413 when too large, 415 when not a pdf, jpeg or png by content. */
export async function checkReceipt(file: UploadedFileLike): Promise<CheckedReceipt> {
  const type = await checkFile(file, RECEIPT_RULE, (why) =>
    commonError(why === 'tooLarge' ? COMMON_ERRORS.tooLarge : COMMON_ERRORS.unsupportedType),
  );
  return {
    bytes: file.buffer,
    contentType: type.mime,
    extension: type.ext,
    name: safeFileName(file.originalname, `receipt.${type.ext}`),
    size: file.buffer.length,
  };
}
