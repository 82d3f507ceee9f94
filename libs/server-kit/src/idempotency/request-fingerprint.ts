import { createHash } from 'node:crypto';

/** What multer (memory storage) hands over for an uploaded file. */
export interface UploadedFilePart {
  fieldname: string;
  originalname?: string;
  mimetype?: string;
  buffer?: Buffer;
}

export interface FingerprintInput {
  /** The parsed body: JSON, or a multipart form's fields. */
  body: unknown;
  /** `req.file` / `req.files` as multer leaves them. */
  file?: UploadedFilePart;
  files?: UploadedFilePart[] | Record<string, UploadedFilePart[]>;
}

/** Objects with their keys sorted, so two bodies with the same fields in another order are the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value ?? null;
}

function filePart(file: UploadedFilePart) {
  const bytes = file.buffer ?? Buffer.alloc(0);
  return {
    field: file.fieldname,
    name: file.originalname ?? null,
    type: file.mimetype ?? null,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * A hash of what a request asks for: its parsed fields and each file's name, type, size and bytes. A
 * browser sends a multipart form again with a new boundary, so the raw bytes would differ; the parsed form
 * does not.
 */
export function requestFingerprint(input: FingerprintInput): string {
  const parts: UploadedFilePart[] = [];
  if (input.file) parts.push(input.file);
  if (Array.isArray(input.files)) parts.push(...input.files);
  else if (input.files) for (const field of Object.keys(input.files).sort()) parts.push(...input.files[field]);
  const files = parts.map(filePart).sort((a, b) => a.field.localeCompare(b.field) || a.sha256.localeCompare(b.sha256));
  return createHash('sha256')
    .update(JSON.stringify({ body: canonical(input.body), files }))
    .digest('hex');
}
