import { API_MESSAGES, FILE_RULES } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';

/** Receipts: pdf, jpg/jpeg or png, at most 10 MB (FILE_RULES.receipt), checked by their bytes. */
export const RECEIPT_RULE = FILE_RULES.receipt;

/** Limits of a multipart form without files (income) or with one receipt (expenses). */
export const FORM_LIMITS = { fields: 20, fieldSize: 64 * 1024, parts: 25 } as const;

/** multer's limits for the receipt field: one byte above the rule, so the rule itself decides (413). */
export const RECEIPT_UPLOAD = { limits: { ...FORM_LIMITS, files: 1, fileSize: RECEIPT_RULE.maxBytes + 1 } } as const;

/** What multer hands over for an uploaded file (memory storage). */
export interface UploadedFileLike {
  originalname: string;
  size: number;
  buffer: Buffer;
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

const EXTENSION_OF: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A file name reduced to printable characters without paths, at most 255 characters. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-255);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** Checks size and content type; 413 when too large, 415 when not a pdf, jpeg or png by content. */
export async function checkReceipt(file: UploadedFileLike): Promise<CheckedReceipt> {
  if (file.size > RECEIPT_RULE.maxBytes || file.buffer.length > RECEIPT_RULE.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', API_MESSAGES.fileTooLarge);
  }
  // `file-type/core`: the buffer reader without the Node stream helpers (and resolvable by jest).
  const { fileTypeFromBuffer } = await import('file-type/core');
  const detected = file.buffer.length > 0 ? await fileTypeFromBuffer(file.buffer) : undefined;
  const contentType = detected?.mime;
  if (!contentType || !(RECEIPT_RULE.mimeTypes as readonly string[]).includes(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.fileTypeNotAccepted);
  }
  const extension = EXTENSION_OF[contentType];
  return { bytes: file.buffer, contentType, extension, name: safeFileName(file.originalname, `receipt.${extension}`), size: file.buffer.length };
}

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback for old clients. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
