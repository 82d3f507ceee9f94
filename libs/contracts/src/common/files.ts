/**
 * Upload rules: the largest size and the accepted types of each kind of file. The screens state them
 * in labels; the services enforce them (413 too large, 415 type not accepted).
 */
export interface FileRule {
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** Accepted file name extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** Accepted content types (checked against the file's bytes by the service). */
  mimeTypes: readonly string[];
}

const MB = 1024 * 1024;
const PDF = 'application/pdf';
const JPEG = 'image/jpeg';
const PNG = 'image/png';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const FILE_RULES = {
  /** Birth certificate: PDF only, at most 5MB. */
  birthCertificate: { maxBytes: 5 * MB, extensions: ['pdf'], mimeTypes: [PDF] },
  /** Beneficiary photo: JPG/PNG only, at most 1MB. */
  photo: { maxBytes: 1 * MB, extensions: ['jpg', 'jpeg', 'png'], mimeTypes: [JPEG, PNG] },
  /** Gift photo: JPG/PNG (five times the beneficiary photo's limit). */
  giftPhoto: { maxBytes: 5 * MB, extensions: ['jpg', 'jpeg', 'png'], mimeTypes: [JPEG, PNG] },
  /** Beneficiary documents: pdf, jpg, jpeg, png, doc, docx. */
  document: {
    maxBytes: 10 * MB,
    extensions: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'],
    mimeTypes: [PDF, JPEG, PNG, DOC, DOCX],
  },
  /** Expense receipts: pdf, jpg, jpeg, png. */
  receipt: { maxBytes: 10 * MB, extensions: ['pdf', 'jpg', 'jpeg', 'png'], mimeTypes: [PDF, JPEG, PNG] },
} as const satisfies Record<string, FileRule>;

export type FileKind = keyof typeof FILE_RULES;

/** The lower-case extension of a file name, '' when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function hasAcceptedExtension(kind: FileKind, fileName: string): boolean {
  return (FILE_RULES[kind].extensions as readonly string[]).includes(fileExtension(fileName));
}
