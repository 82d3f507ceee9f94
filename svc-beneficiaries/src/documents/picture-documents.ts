import type { DocumentRow } from './documents.repository';

/** The document contents that are pictures (what a camera or a scanner of a child's face gives). */
const PICTURE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png']);

/**
 * Whether a document may show the child: one of type photo, or any picture whatever its type says (the type is
 * the uploader's word). Photo consent (photos_internal) gates these as it gates the child's photo.
 */
export function mayShowTheChild(document: Pick<DocumentRow, 'document_type' | 'mime_type'>): boolean {
  return document.document_type === 'photo' || PICTURE_TYPES.has(document.mime_type);
}
