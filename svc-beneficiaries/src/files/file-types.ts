import { BENEFICIARIES_ERRORS, FILE_RULES, type BeneficiaryUploadKind } from '@kcf/contracts';
import { AppError, fileFacts, type FileFacts } from '@kcf/server-kit';
import { zipEntryNames } from './zip-entries';

/** What a file is, read from its bytes: the extension the service stores it under and its content type. */
export interface DetectedType {
  ext: 'pdf' | 'jpg' | 'png' | 'doc' | 'docx';
  mime: string;
}

const DOC_MIME = 'application/msword';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Reads the type from the bytes with `file-type` (magic numbers), never from the name or the type the
 * client claimed. A Word 97-2003 document is an OLE compound file; a .docx is a zip holding `word/`.
 * Anything else (text, executables, other archives) is null.
 */
export async function detectFileType(bytes: Buffer): Promise<DetectedType | null> {
  // The `core` entry: the same detection, and an export condition jest resolves as well as Node.
  const { fileTypeFromBuffer } = await import('file-type/core');
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.ext) {
    case 'pdf':
      return { ext: 'pdf', mime: 'application/pdf' };
    case 'jpg':
      return { ext: 'jpg', mime: 'image/jpeg' };
    case 'png':
      return { ext: 'png', mime: 'image/png' };
    case 'cfb':
      return { ext: 'doc', mime: DOC_MIME };
    case 'docx':
    case 'zip': {
      const names = zipEntryNames(bytes);
      return names?.some((name) => name.startsWith('word/')) ? { ext: 'docx', mime: DOCX_MIME } : null;
    }
    default:
      return null;
  }
}

/** The kinds of upload, each with its size limit, accepted types and messages (UPLOAD_MESSAGES). */
export type UploadKind = BeneficiaryUploadKind;

export interface UploadedFile {
  buffer: Buffer;
  size: number;
  originalname: string;
}

/** The kind's size limit (413) and accepted types by content (415); answers the detected type. */
export async function checkUpload(kind: UploadKind, file: UploadedFile): Promise<DetectedType> {
  const rule = FILE_RULES[kind];
  if (file.size > rule.maxBytes) throw AppError.of(BENEFICIARIES_ERRORS.fileTooLarge, { kind });
  const detected = await detectFileType(file.buffer);
  if (!detected || !(rule.mimeTypes as readonly string[]).includes(detected.mime)) {
    throw AppError.of(BENEFICIARIES_ERRORS.fileWrongType, { kind });
  }
  return detected;
}

/** What the audit trail records of an upload: its name, the type read from its bytes, its size and SHA-256 (never its contents). */
export function uploadFacts(file: UploadedFile, type: DetectedType): FileFacts & Record<string, unknown> {
  return { ...fileFacts({ ...file, mimetype: type.mime }) };
}
