import { Injectable } from '@nestjs/common';
import type { BeneficiaryDocument, DocumentType, DocumentUploadBody } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';

const COLUMNS = `id::text, beneficiary_id, original_name, file_name, mime_type, file_size, document_type, description, created_by, uploaded_at`;

export interface DocumentRow {
  id: string;
  beneficiary_id: string;
  original_name: string;
  file_name: string;
  mime_type: string;
  file_size: number;
  document_type: DocumentType;
  description: string | null;
  created_by: string | null;
  uploaded_at: Date;
}

export function toDocument(r: DocumentRow): BeneficiaryDocument {
  return {
    id: r.id,
    beneficiaryId: r.beneficiary_id,
    originalName: r.original_name,
    fileName: r.file_name,
    mimeType: r.mime_type,
    fileSize: r.file_size,
    documentType: r.document_type,
    description: r.description,
    createdBy: r.created_by,
    uploadedAt: r.uploaded_at.toISOString(),
  };
}

/** A new document's row: its child, its stored file and what the form said about it. */
export interface NewDocument {
  beneficiaryId: string;
  originalName: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  documentType: DocumentType;
  description: DocumentUploadBody['description'];
  createdBy: string;
  uploadedAt: Date;
}

/** The documents table. */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly db: Database) {}

  /** Newest first. */
  listOf(beneficiaryId: string): Promise<DocumentRow[]> {
    return this.db.read.rows<DocumentRow>(
      `SELECT ${COLUMNS} FROM documents WHERE beneficiary_id = $1 ORDER BY uploaded_at DESC, id`,
      [beneficiaryId],
    );
  }

  findByFileName(fileName: string): Promise<DocumentRow | null> {
    return this.db.read.one<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE file_name = $1`, [fileName]);
  }

  async insert(d: NewDocument): Promise<DocumentRow> {
    const row = await this.db.write.one<DocumentRow>(
      `INSERT INTO documents (beneficiary_id, original_name, file_name, mime_type, file_size, document_type, description, created_by, uploaded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        d.beneficiaryId,
        d.originalName,
        d.fileName,
        d.mimeType,
        d.fileSize,
        d.documentType,
        d.description,
        d.createdBy,
        d.uploadedAt,
      ],
    );
    return row!;
  }

  /** Deletes the document; what it was, or null when there was none. */
  delete(id: string): Promise<DocumentRow | null> {
    return this.db.write.one<DocumentRow>(`DELETE FROM documents WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  }
}
