import { BENEFICIARIES_ERRORS, FILE_RULES, type BeneficiaryUploadKind } from '@kcf/contracts';
import { AppError, checkFile, fileFacts, type FileFacts, type SniffedType, type UploadedBytes } from '@kcf/server-kit';

/** The kinds of upload, each with its size limit, accepted types and messages (UPLOAD_MESSAGES). */
export type UploadKind = BeneficiaryUploadKind;

export interface UploadedFile extends UploadedBytes {
  originalname: string;
}

/** The kind's size limit (413) and accepted types by content (415, server-kit's `checkFile`); answers the type read from the bytes. */
export function checkUpload(kind: UploadKind, file: UploadedFile): Promise<SniffedType> {
  return checkFile(file, FILE_RULES[kind], (why) =>
    AppError.of(why === 'tooLarge' ? BENEFICIARIES_ERRORS.fileTooLarge : BENEFICIARIES_ERRORS.fileWrongType, { kind }),
  );
}

/** What the audit trail records of an upload: its name, the type read from its bytes, its size and SHA-256 (never its contents). */
export function uploadFacts(file: UploadedFile, type: SniffedType): FileFacts & Record<string, unknown> {
  return { ...fileFacts({ ...file, mimetype: type.mime }) };
}
