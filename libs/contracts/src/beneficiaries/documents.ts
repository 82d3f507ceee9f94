import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { optionalText } from '../common/fields';
import { BeneficiaryId, Id } from '../common/ids';
import { DOCUMENT_TYPES, DocumentTypeSchema } from '../enums/documents';

export const BeneficiaryDocument = z.object({
  id: Id,
  beneficiaryId: BeneficiaryId,
  originalName: z.string(),
  /** The stored name, served at /uploads/{fileName}. */
  fileName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int().nonnegative(),
  documentType: DocumentTypeSchema,
  description: z.string().nullable(),
  createdBy: z.string().nullable(),
  uploadedAt: IsoTimestamp,
});
export type BeneficiaryDocument = z.infer<typeof BeneficiaryDocument>;

/** Shown when the file or the document type is missing (the service checks the file). */
export const DOCUMENT_UPLOAD_REQUIRED_MESSAGE = 'Please select a file and document type';

/** The text fields of POST /api/beneficiaries/{id}/documents (multipart, file field `document`). */
export const DocumentUploadBody = z.object({
  documentType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(DOCUMENT_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? DOCUMENT_UPLOAD_REQUIRED_MESSAGE
          : `Document type must be one of: ${DOCUMENT_TYPES.join(', ')}`,
    }),
  ),
  description: optionalText('Description', 1000),
});
export type DocumentUploadBody = z.infer<typeof DocumentUploadBody>;
