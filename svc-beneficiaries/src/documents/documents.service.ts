import { Inject, Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, type BeneficiaryDocument, type DocumentUploadBody } from '@kcf/contracts';
import { AppError, CLOCK, Events, type Clock, type StoredObject, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import { recordFacts } from '../events/record-facts';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { newFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';
import { DocumentsRepository, toDocument } from './documents.repository';
import { cleanOriginalName } from './original-name';

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
    private readonly documents: DocumentsRepository,
    private readonly guard: ChildGuard,
    private readonly events: Events,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first. */
  async list(user: UserContext, beneficiaryId: string): Promise<BeneficiaryDocument[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    return (await this.documents.listOf(beneficiaryId)).map(toDocument);
  }

  async upload(user: UserContext, beneficiaryId: string, body: DocumentUploadBody, file: UploadedFile | undefined): Promise<BeneficiaryDocument> {
    if (!file) throw AppError.of(BENEFICIARIES_ERRORS.documentMissing);
    const type = await checkUpload('document', file);
    const fileName = newFileName(type.ext);
    const row = await this.files.withNewObject({ key: objectKey('document', fileName), bytes: file.buffer, contentType: type.mime }, async () => {
      await this.guard.holdForNewRecord(beneficiaryId);
      const row = await this.documents.insert({
        beneficiaryId,
        originalName: cleanOriginalName(file.originalname, type.ext),
        fileName,
        mimeType: type.mime,
        fileSize: file.size,
        documentType: body.documentType,
        description: body.description,
        createdBy: user.userId,
        uploadedAt: this.clock.now(),
      });
      await recordFacts(this.events, [{ recordType: 'document', recordId: row.id, createdBy: row.created_by }], false);
      return row;
    });
    return toDocument(row);
  }

  async remove(id: string): Promise<void> {
    const row = await this.documents.delete(id);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.documentNotFound);
    await recordFacts(this.events, [{ recordType: 'document', recordId: row.id, createdBy: row.created_by }], true);
    this.files.removeAfterCommit([objectKey('document', row.file_name)]);
  }

  /** The document stored under `fileName`, if this user may see its child (else 404, as if it did not exist). */
  async find(user: UserContext, fileName: string): Promise<ServedDocument> {
    const row = await this.documents.findByFileName(fileName);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.documentNotFound);
    assertMaySee(user, row.beneficiary_id, BENEFICIARIES_ERRORS.documentNotFound);
    const key = objectKey('document', row.file_name);
    return { contentType: row.mime_type, originalName: row.original_name, fileName: row.file_name, open: () => this.files.open(key) };
  }
}
