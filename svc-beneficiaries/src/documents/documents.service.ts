import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BeneficiaryDocument, DocumentType, DocumentUploadBody } from '@kcf/contracts';
import { DOCUMENT_UPLOAD_REQUIRED_MESSAGE } from '@kcf/contracts';
import { AppError, CLOCK, type Clock, type StoredObject, UnitOfWork, type UserContext } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { assertMaySee } from '../access/visibility';
import { BENEFICIARIES_DB } from '../config';
import { queryOne, queryRows } from '../db/query-rows';
import { writeRecordFacts } from '../events/record-facts';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { newFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';
import { assertChildExists, lockChildForShare } from '../db/children';
import { cleanOriginalName } from './original-name';

const NOT_FOUND = 'Document not found';
const COLUMNS = `id::text, beneficiary_id, original_name, file_name, mime_type, file_size, document_type, description, created_by, uploaded_at`;

interface DocumentRow {
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

function toDocument(r: DocumentRow): BeneficiaryDocument {
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

export interface ServedDocument {
  contentType: string;
  originalName: string;
  fileName: string;
  open(): Promise<StoredObject>;
}

/** A child's documents (pdf, jpg, jpeg, png, doc, docx by content), served at /uploads/{fileName}. */
@Injectable()
export class DocumentsService {
  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first. */
  async list(user: UserContext, beneficiaryId: string): Promise<BeneficiaryDocument[]> {
    assertMaySee(user, beneficiaryId);
    await assertChildExists(this.db, beneficiaryId);
    const rows = await queryRows<DocumentRow>(
      this.db,
      `SELECT ${COLUMNS} FROM documents WHERE beneficiary_id = $1 ORDER BY uploaded_at DESC, id`,
      [beneficiaryId],
    );
    return rows.map(toDocument);
  }

  async upload(user: UserContext, beneficiaryId: string, body: DocumentUploadBody, file: UploadedFile | undefined): Promise<BeneficiaryDocument> {
    if (!file) throw AppError.validation([{ path: 'document', message: DOCUMENT_UPLOAD_REQUIRED_MESSAGE }]);
    const type = await checkUpload('document', file);
    const fileName = newFileName(type.ext);
    const row = await this.files.withNewObject({ key: objectKey('document', fileName), bytes: file.buffer, contentType: type.mime }, () =>
      this.uow.transaction(async (manager) => {
        await lockChildForShare(manager, beneficiaryId);
        const [row] = await queryRows<DocumentRow>(
          manager,
          `INSERT INTO documents (beneficiary_id, original_name, file_name, mime_type, file_size, document_type, description, created_by, uploaded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
          [beneficiaryId, cleanOriginalName(file.originalname, type.ext), fileName, type.mime, file.size, body.documentType, body.description, user.userId, this.clock.now()],
        );
        await writeRecordFacts(manager, [{ recordType: 'document', recordId: row.id, createdBy: row.created_by }], false);
        return row;
      }),
    );
    return toDocument(row);
  }

  async remove(id: string): Promise<void> {
    const fileName = await this.uow.transaction(async (manager) => {
      const row = await queryOne<{ id: string; file_name: string; created_by: string | null }>(
        manager,
        `DELETE FROM documents WHERE id = $1 RETURNING id::text, file_name, created_by`,
        [id],
      );
      if (!row) throw AppError.notFound(NOT_FOUND);
      await writeRecordFacts(manager, [{ recordType: 'document', recordId: row.id, createdBy: row.created_by }], true);
      return row.file_name;
    });
    this.files.removeAfterCommit([objectKey('document', fileName)]);
  }

  /** The document stored under `fileName`, if this user may see its child (else 404, as if it did not exist). */
  async find(user: UserContext, fileName: string): Promise<ServedDocument> {
    const row = await queryOne<DocumentRow>(this.db, `SELECT ${COLUMNS} FROM documents WHERE file_name = $1`, [fileName]);
    if (!row) throw AppError.notFound(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    const key = objectKey('document', row.file_name);
    return { contentType: row.mime_type, originalName: row.original_name, fileName: row.file_name, open: () => this.files.open(key) };
  }
}
