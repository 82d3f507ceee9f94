import { z } from 'zod';

export const DOCUMENT_TYPES = ['medical', 'academic', 'legal', 'photo', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  medical: 'Medical',
  academic: 'Academic',
  legal: 'Legal',
  photo: 'Photo',
  other: 'Other',
};
