import { Inject, Injectable } from '@nestjs/common';
import { foundationToday, BENEFICIARIES_ERRORS, BeneficiaryUpdated, type Beneficiary } from '@kcf/contracts';
import {
  AppError,
  AuditTrail,
  CLOCK,
  Events,
  type AuditSubject,
  type Clock,
  type StoredObject,
  type UserContext,
} from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { ConsentGate } from '../consents/consent-gate.service';
import { checkUpload, uploadFacts, type UploadedFile } from '../files/file-types';
import { fileNameOf, jpegNameFor, newFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';
import { makeThumbnail } from '../files/thumbnail';
import { BeneficiaryPhotosRepository } from './beneficiary-photos.repository';
import { shownPhoto, toBeneficiary, type BeneficiaryRow } from './beneficiary-row';
import { ChildGuard } from './child-guard.service';

export interface StoredPhoto {
  contentType: string;
  /** Changes whenever the photo does. */
  etag: string;
  open(): Promise<StoredObject>;
}

/** The child's photo as the API shows it: what the audit trail records of a photo's change. */
function photoOf(child: Beneficiary): Pick<Beneficiary, 'photoUrl' | 'photoContentType' | 'photoThumbnailUrl'> {
  return {
    photoUrl: child.photoUrl,
    photoContentType: child.photoContentType,
    photoThumbnailUrl: child.photoThumbnailUrl,
  };
}

/** A photo in the audit trail: the child's (it has no id of its own). */
function photoSubject(id: string, details?: Record<string, unknown>): AuditSubject {
  return { entityType: 'photo', entityId: id, beneficiaryId: id, details };
}

/**
 * The child's photo: JPG or PNG up to 1MB, one per child, with a 128x128 JPEG thumbnail. An upload is a
 * create (the first photo) or an update (a replacement) in the audit trail, with the file's name, type, size
 * and SHA-256; a removal is a delete; a download of the photo or of its thumbnail is a view.
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly photos: BeneficiaryPhotosRepository,
    private readonly guard: ChildGuard,
    private readonly gate: ConsentGate,
    private readonly events: Events,
    private readonly files: StoredFiles,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Stores the photo and its thumbnail and points the child at them; the previous ones go after the commit. Only
   * while the child's Photos (internal) consent is granted (withdrawn, or never recorded: 409 naming the purpose).
   */
  async upload(id: string, file: UploadedFile | undefined): Promise<Beneficiary> {
    if (!file) throw AppError.of(BENEFICIARIES_ERRORS.photoMissing);
    // Refused before anything is decoded or stored; checked again under the child's lock below.
    await this.gate.assertChildPhotoAllowed(id, foundationToday(this.clock.now()));
    const type = await checkUpload('photo', file);
    const thumbnail = await makeThumbnail(file.buffer);
    const name = newFileName(type.ext);
    const key = objectKey('photo', name);
    const thumbnailKey = objectKey('thumbnail', jpegNameFor(name));
    const objects = [
      { key, bytes: file.buffer, contentType: type.mime },
      { key: thumbnailKey, bytes: thumbnail, contentType: 'image/jpeg' },
    ];
    const { current, row } = await this.files.withNewObjects(objects, async () => {
      const current = await this.guard.lockForChange(id);
      await this.gate.assertChildPhotoAllowed(id, foundationToday(this.clock.now()));
      const row = await this.photos.setPhoto(
        id,
        { key, contentType: type.mime, size: file.size, thumbnailKey },
        this.clock.now(),
      );
      await this.events.record(BeneficiaryUpdated, {
        beneficiaryId: id,
        fullName: row.full_name,
        createdBy: row.created_by,
      });
      return { current, row };
    });
    this.files.removeAfterCommit([current.photo_key, current.photo_thumbnail_key]);
    const [before, child] = this.asApi(current, row);
    const subject = photoSubject(id, uploadFacts(file, type));
    if (current.photo_key) this.audit.updated(photoOf(before), photoOf(child), subject);
    else this.audit.created(photoOf(child), subject);
    return child;
  }

  async remove(id: string): Promise<Beneficiary> {
    const current = await this.guard.lockForChange(id);
    await this.gate.assertOpen(id);
    if (!current.photo_key) throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const row = await this.photos.clearPhoto(id, this.clock.now());
    await this.events.record(BeneficiaryUpdated, {
      beneficiaryId: id,
      fullName: row.full_name,
      createdBy: row.created_by,
    });
    this.files.removeAfterCommit([current.photo_key, current.photo_thumbnail_key]);
    const [before, child] = this.asApi(current, row);
    this.audit.deleted(photoOf(before), photoSubject(id));
    return child;
  }

  /**
   * The photo, or its thumbnail (the photo itself for a photo stored before thumbnails were made). Opening
   * either records the download (the thumbnail's with `size: 'thumbnail'`): each is a picture of the child.
   */
  async find(user: UserContext, id: string, size: 'photo' | 'thumbnail'): Promise<StoredPhoto> {
    assertMaySee(user, id);
    const row = await this.photos.photoOf(id);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    // Without a current Photos (internal) grant the photo is not served (withdrawn: its files stay for the grace period).
    if (!row.photo_content_type || !shownPhoto(row, foundationToday(this.clock.now())))
      throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const thumbnail = size === 'thumbnail' ? row.photo_thumbnail_key : null;
    const key = thumbnail ?? row.photo_key!;
    const contentType = thumbnail ? 'image/jpeg' : row.photo_content_type;
    const details = { fileName: fileNameOf(key), type: contentType, ...(size === 'thumbnail' ? { size } : {}) };
    const open = () => this.files.openSeen(key, () => this.audit.viewed(photoSubject(id, details)));
    return { contentType, etag: `"${fileNameOf(key)}"`, open };
  }

  /** The child before and after the change, as the API answers it. */
  private asApi(before: BeneficiaryRow, after: BeneficiaryRow): [Beneficiary, Beneficiary] {
    const today = foundationToday(this.clock.now());
    return [toBeneficiary(before, today), toBeneficiary(after, today)];
  }
}
