import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';
import { BENEFICIARY_COLUMNS, type BeneficiaryRow } from './beneficiary-row';

/** A child's photo as stored: the photo's key and type, and its thumbnail's key. */
export interface PhotoKeys {
  photo_key: string | null;
  photo_content_type: string | null;
  photo_thumbnail_key: string | null;
  /** See BeneficiaryRow: the photo is served only while this grant counts. */
  photos_consent_until: string | null;
}

/** The photo columns of the beneficiaries table. */
@Injectable()
export class BeneficiaryPhotosRepository {
  constructor(private readonly db: Database) {}

  photoOf(id: string): Promise<PhotoKeys | null> {
    return this.db.read.one<PhotoKeys>(
      `SELECT photo_key, photo_content_type, photo_thumbnail_key, photos_consent_until::text AS photos_consent_until FROM beneficiaries WHERE id = $1`,
      [id],
    );
  }

  async setPhoto(
    id: string,
    photo: { key: string; contentType: string; size: number; thumbnailKey: string },
    now: Date,
  ): Promise<BeneficiaryRow> {
    const row = await this.db.write.one<BeneficiaryRow>(
      `UPDATE beneficiaries b SET photo_key = $2, photo_content_type = $3, photo_size = $4, photo_thumbnail_key = $5, updated_at = $6
           WHERE b.id = $1 RETURNING ${BENEFICIARY_COLUMNS}`,
      [id, photo.key, photo.contentType, photo.size, photo.thumbnailKey, now],
    );
    return row!;
  }

  async clearPhoto(id: string, now: Date): Promise<BeneficiaryRow> {
    const row = await this.db.write.one<BeneficiaryRow>(
      `UPDATE beneficiaries b SET photo_key = NULL, photo_content_type = NULL, photo_size = NULL, photo_thumbnail_key = NULL, updated_at = $2
         WHERE b.id = $1 RETURNING ${BENEFICIARY_COLUMNS}`,
      [id, now],
    );
    return row!;
  }
}
