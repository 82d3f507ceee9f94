import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BeneficiaryUpdated, UPLOAD_MESSAGES, type Beneficiary } from '@kcf/contracts';
import { AppError, CLOCK, writeToOutbox, type Clock, type StoredObject, UnitOfWork, type UserContext } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { assertMaySee } from '../access/visibility';
import { foundationToday } from '../clock/today';
import { BENEFICIARIES_DB } from '../config';
import { queryOne, queryRows } from '../db/query-rows';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { fileNameOf, jpegNameFor, newFileName, objectKey } from '../files/object-names';
import { StoredFiles } from '../files/stored-files.service';
import { makeThumbnail } from '../files/thumbnail';
import { BENEFICIARY_COLUMNS, toBeneficiary, type BeneficiaryRow } from './beneficiary-row';
import { BeneficiariesService } from './beneficiaries.service';

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
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly beneficiaries: BeneficiariesService,
    private readonly uow: UnitOfWork,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Stores the photo and its thumbnail and points the child at them; the previous ones go after the commit. */
  async upload(id: string, file: UploadedFile | undefined): Promise<Beneficiary> {
    if (!file) throw AppError.validation([{ path: 'photo', message: UPLOAD_MESSAGES.photo.missing }]);
    const type = await checkUpload('photo', file);
    const thumbnail = await makeThumbnail(file.buffer);
    const name = newFileName(type.ext);
    const key = objectKey('photo', name);
    const thumbnailKey = objectKey('thumbnail', jpegNameFor(name));
    const objects = [
      { key, bytes: file.buffer, contentType: type.mime },
      { key: thumbnailKey, bytes: thumbnail, contentType: 'image/jpeg' },
    ];
    const { row, previous } = await this.files.withNewObjects(objects, () =>
      this.uow.transaction(async (manager) => {
        const current = await this.beneficiaries.lockRow(manager, id);
        const [row] = await queryRows<BeneficiaryRow>(
          manager,
          `UPDATE beneficiaries b SET photo_key = $2, photo_content_type = $3, photo_size = $4, photo_thumbnail_key = $5, updated_at = $6
           WHERE b.id = $1 RETURNING ${BENEFICIARY_COLUMNS}`,
          [id, key, type.mime, file.size, thumbnailKey, this.clock.now()],
        );
        await writeToOutbox(manager, BeneficiaryUpdated, { beneficiaryId: id, fullName: row.full_name, createdBy: row.created_by });
        return { row, previous: [current.photo_key, current.photo_thumbnail_key] };
      }),
    );
    this.files.removeAfterCommit(previous);
    return toBeneficiary(row, foundationToday(this.clock.now()));
  }

  async remove(id: string): Promise<Beneficiary> {
    const { row, previous } = await this.uow.transaction(async (manager) => {
      const current = await this.beneficiaries.lockRow(manager, id);
      if (!current.photo_key) throw AppError.notFound('Photo not found');
      const [row] = await queryRows<BeneficiaryRow>(
        manager,
        `UPDATE beneficiaries b SET photo_key = NULL, photo_content_type = NULL, photo_size = NULL, photo_thumbnail_key = NULL, updated_at = $2
         WHERE b.id = $1 RETURNING ${BENEFICIARY_COLUMNS}`,
        [id, this.clock.now()],
      );
      await writeToOutbox(manager, BeneficiaryUpdated, { beneficiaryId: id, fullName: row.full_name, createdBy: row.created_by });
      return { row, previous: [current.photo_key, current.photo_thumbnail_key] };
    });
    this.files.removeAfterCommit(previous);
    return toBeneficiary(row, foundationToday(this.clock.now()));
  }

  /** The photo, or its thumbnail (the photo itself for a photo stored before thumbnails were made). */
  async find(user: UserContext, id: string, size: 'photo' | 'thumbnail'): Promise<StoredPhoto> {
    assertMaySee(user, id);
    const row = await queryOne<{ photo_key: string | null; photo_content_type: string | null; photo_thumbnail_key: string | null }>(
      this.db,
      `SELECT photo_key, photo_content_type, photo_thumbnail_key FROM beneficiaries WHERE id = $1`,
      [id],
    );
    if (!row) throw AppError.notFound('Beneficiary not found');
    if (!row.photo_key || !row.photo_content_type) throw AppError.notFound('Photo not found');
    const thumbnail = size === 'thumbnail' ? row.photo_thumbnail_key : null;
    const key = thumbnail ?? row.photo_key;
    return { contentType: thumbnail ? 'image/jpeg' : row.photo_content_type, etag: `"${fileNameOf(key)}"`, open: () => this.files.open(key) };
  }
}
