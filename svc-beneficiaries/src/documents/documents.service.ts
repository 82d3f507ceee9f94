import { Inject, Injectable } from '@nestjs/common';
import {
  BENEFICIARIES_ERRORS,
  type BeneficiaryDocument,
  type DocumentType,
  type DocumentUploadBody,
} from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, Events, type Clock, type StoredObject, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ChildGuard } from '../beneficiaries/child-guard.service';
import { ConsentGate } from '../consents/consent-gate.service';
import { recordFacts } from '../events/record-facts';
import { checkUpload, uploadFacts, type UploadedFile } from '../files/file-types';
import { newFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';
import { DocumentsRepository, toDocument } from './documents.repository';
import { cleanOriginalName } from './original-name';
import { mayShowTheChild } from './picture-documents';

export interface ServedDocument {
  contentType: string;
  originalName: string;
  fileName: string;
  open(): Promise<StoredObject>;
}

/**
 * A child's documents (pdf, jpg, jpeg, png, doc, docx by content), served at /uploads/{fileName}. Uploads
 * (with the file's name, type, size and SHA-256) and deletes are in the audit trail, and so is every read of
 * the list and every download. A document that may show the child (type photo, or any picture) is gated by
 * photo consent as the child's photo is: while it is withdrawn none is served (404 "Photo not found", as the
 * photo route answers) and no new one of type photo is taken (409).
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly guard: ChildGuard,
    private readonly gate: ConsentGate,
    private readonly events: Events,
    private readonly files: StoredFiles,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first. */
  async list(user: UserContext, beneficiaryId: string): Promise<BeneficiaryDocument[]> {
    assertMaySee(user, beneficiaryId);
    await this.guard.assertExists(beneficiaryId);
    const hideHealth = await this.gate.hidesHealthFrom(user, beneficiaryId);
    const items = (await this.documents.listOf(beneficiaryId))
      .map(toDocument)
      .filter((d) => !(hideHealth && d.documentType === 'medical'));
    await this.audit.viewed({ entityType: 'document', entityId: null, beneficiaryId, details: { rows: items.length } });
    return items;
  }

  async upload(
    user: UserContext,
    beneficiaryId: string,
    body: DocumentUploadBody,
    file: UploadedFile | undefined,
  ): Promise<BeneficiaryDocument> {
    if (!file) throw AppError.of(BENEFICIARIES_ERRORS.documentMissing);
    await this.assertChildTakes(beneficiaryId, body.documentType);
    const type = await checkUpload('document', file);
    const fileName = newFileName(type.ext);
    const row = await this.files.withNewObject(
      { key: objectKey('document', fileName), bytes: file.buffer, contentType: type.mime },
      async () => {
        await this.guard.holdForNewRecord(beneficiaryId);
        await this.assertChildTakes(beneficiaryId, body.documentType);
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
        await recordFacts(
          this.events,
          [{ recordType: 'document', recordId: row.id, createdBy: row.created_by }],
          false,
        );
        return row;
      },
    );
    const created = toDocument(row);
    this.audit.created(created, {
      entityType: 'document',
      entityId: row.id,
      beneficiaryId,
      details: uploadFacts(file, type),
    });
    return created;
  }

  async remove(id: string): Promise<void> {
    const row = await this.documents.delete(id);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.documentNotFound);
    await this.gate.assertOpen(row.beneficiary_id);
    await this.gate.assertNotEvidence(row.id);
    await recordFacts(this.events, [{ recordType: 'document', recordId: row.id, createdBy: row.created_by }], true);
    this.files.removeAfterCommit([objectKey('document', row.file_name)]);
    this.audit.deleted(toDocument(row), {
      entityType: 'document',
      entityId: row.id,
      beneficiaryId: row.beneficiary_id,
    });
  }

  /**
   * The document stored under `fileName`, if this user may see its child (else 404, as if it did not exist).
   * Opening it records the download (a 304 sends nothing and records nothing).
   */
  async find(user: UserContext, fileName: string): Promise<ServedDocument> {
    const row = await this.documents.findByFileName(fileName);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.documentNotFound);
    assertMaySee(user, row.beneficiary_id, BENEFICIARIES_ERRORS.documentNotFound);
    if (row.document_type === 'medical' && (await this.gate.hidesHealthFrom(user, row.beneficiary_id)))
      throw AppError.of(BENEFICIARIES_ERRORS.documentNotFound);
    // Photo consent withdrawn: a picture of the child is not served, whatever route stored it.
    if (mayShowTheChild(row) && (await this.gate.hidesPhotos(row.beneficiary_id)))
      throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const key = objectKey('document', row.file_name);
    const seen = () =>
      this.audit.viewed({
        entityType: 'document',
        entityId: row.id,
        beneficiaryId: row.beneficiary_id,
        details: { name: row.original_name, type: row.mime_type, size: row.file_size },
      });
    return {
      contentType: row.mime_type,
      originalName: row.original_name,
      fileName: row.file_name,
      open: () => this.files.openSeen(key, seen),
    };
  }

  /**
   * The child takes a new document of this type: open for writes; a photo only while photo consent is not
   * withdrawn; a medical document only while medical consent is not. Asked before the file is stored and
   * again under the child's lock.
   */
  private async assertChildTakes(beneficiaryId: string, documentType: DocumentType): Promise<void> {
    if (documentType === 'photo') return this.gate.assertPhotoAllowed(beneficiaryId);
    await this.gate.assertRecordAllowed(beneficiaryId, documentType === 'medical' ? { what: 'document' } : null);
  }
}
