import { Inject, Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, BeneficiaryUpdated, type Beneficiary } from '@kcf/contracts';
import { AppError, CLOCK, Events, type Clock, type StoredObject, type UserContext } from '@kcf/server-kit';
import { assertMaySee } from '../access/visibility';
import { foundationToday } from '../clock/today';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { fileNameOf, jpegNameFor, newFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';
import { makeThumbnail } from '../files/thumbnail';
import { BeneficiaryPhotosRepository } from './beneficiary-photos.repository';
import { toBeneficiary } from './beneficiary-row';
import { ChildGuard } from './child-guard.service';

export interface StoredPhoto {
  contentType: string;
  /** Changes whenever the photo does. */
  etag: string;
  open(): Promise<StoredObject>;
}

/** The child's photo: JPG or PNG up to 1MB, one per child, with a 128x128 JPEG thumbnail. */
@Injectable()
export class PhotosService {
  constructor(
    private readonly photos: BeneficiaryPhotosRepository,
    private readonly guard: ChildGuard,
    private readonly events: Events,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Stores the photo and its thumbnail and points the child at them; the previous ones go after the commit. */
  async upload(id: string, file: UploadedFile | undefined): Promise<Beneficiary> {
    if (!file) throw AppError.of(BENEFICIARIES_ERRORS.photoMissing);
    const type = await checkUpload('photo', file);
    const thumbnail = await makeThumbnail(file.buffer);
    const name = newFileName(type.ext);
    const key = objectKey('photo', name);
    const thumbnailKey = objectKey('thumbnail', jpegNameFor(name));
    const objects = [
      { key, bytes: file.buffer, contentType: type.mime },
      { key: thumbnailKey, bytes: thumbnail, contentType: 'image/jpeg' },
    ];
    const { row, previous } = await this.files.withNewObjects(objects, async () => {
      const current = await this.guard.lockForChange(id);
      const row = await this.photos.setPhoto(id, { key, contentType: type.mime, size: file.size, thumbnailKey }, this.clock.now());
      await this.events.record(BeneficiaryUpdated, { beneficiaryId: id, fullName: row.full_name, createdBy: row.created_by });
      return { row, previous: [current.photo_key, current.photo_thumbnail_key] };
    });
    this.files.removeAfterCommit(previous);
    return toBeneficiary(row, foundationToday(this.clock.now()));
  }

  async remove(id: string): Promise<Beneficiary> {
    const current = await this.guard.lockForChange(id);
    if (!current.photo_key) throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const row = await this.photos.clearPhoto(id, this.clock.now());
    await this.events.record(BeneficiaryUpdated, { beneficiaryId: id, fullName: row.full_name, createdBy: row.created_by });
    this.files.removeAfterCommit([current.photo_key, current.photo_thumbnail_key]);
    return toBeneficiary(row, foundationToday(this.clock.now()));
  }

  /** The photo, or its thumbnail (the photo itself for a photo stored before thumbnails were made). */
  async find(user: UserContext, id: string, size: 'photo' | 'thumbnail'): Promise<StoredPhoto> {
    assertMaySee(user, id);
    const row = await this.photos.photoOf(id);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    if (!row.photo_key || !row.photo_content_type) throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const thumbnail = size === 'thumbnail' ? row.photo_thumbnail_key : null;
    const key = thumbnail ?? row.photo_key;
    return { contentType: thumbnail ? 'image/jpeg' : row.photo_content_type, etag: `"${fileNameOf(key)}"`, open: () => this.files.open(key) };
  }
}
