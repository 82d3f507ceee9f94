import { zipEntryNames } from './zip-entries';

/** What a file is, read from its bytes: the extension it is stored under and its content type. */
export interface SniffedType {
  ext: 'pdf' | 'jpg' | 'png' | 'doc' | 'docx';
  mime: string;
}

const DOC_MIME = 'application/msword';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Reads the type from the bytes with `file-type` (magic numbers), never from the name or the type the client
 * claimed. A Word 97-2003 document is an OLE compound file; a .docx is a zip holding `word/`. Anything else
 * (text, executables, other pictures, other archives, no bytes at all) is null.
 */
export async function sniffFileType(bytes: Buffer): Promise<SniffedType | null> {
  if (bytes.length === 0) return null;
  // The `core` entry: the buffer reader without the Node stream helpers, an export condition jest resolves as well as Node.
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

/** An upload's size limit and the content types it takes (the contracts' `FILE_RULES` entries). */
export interface FileRule {
  maxBytes: number;
  mimeTypes: readonly string[];
}

/** What multer hands over for a file kept in memory (the parts the check reads). */
export interface UploadedBytes {
  buffer: Buffer;
  size: number;
}

export type FileRefusal = 'tooLarge' | 'wrongType';

/**
 * Checks an upload against its rule: over the size limit (the declared size or the bytes) is `tooLarge`, decided
 * before the content is read; a type the bytes do not show, or one the rule does not take, is `wrongType`. Throws
 * what `refuse` makes of the refusal (each service answers with its own catalogue's entry); answers the type.
 */
export async function checkFile(
  file: UploadedBytes,
  rule: FileRule,
  refuse: (why: FileRefusal) => Error,
): Promise<SniffedType> {
  if (file.size > rule.maxBytes || file.buffer.length > rule.maxBytes) throw refuse('tooLarge');
  const sniffed = await sniffFileType(file.buffer);
  if (!sniffed || !rule.mimeTypes.includes(sniffed.mime)) throw refuse('wrongType');
  return sniffed;
}
