import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Gift, GiftBody, GiftListQuery } from '@kcf/contracts';
import { AppError, CLOCK, type Clock, type StoredObject, UnitOfWork, type UserContext } from '@kcf/server-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { assertMaySee, ownChildOf } from '../access/visibility';
import { BENEFICIARIES_DB } from '../config';
import { queryOne, queryRows } from '../db/query-rows';
import { writeRecordFacts } from '../events/record-facts';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { fileNameOf, jpegNameFor, newFileName, objectKey } from '../files/object-names';
import { StoredFiles, type NewObject } from '../files/stored-files.service';
import { makeGiftCardImage } from '../files/thumbnail';
import { GIFT_COLUMNS, GIFT_FROM, toGift, type GiftRow } from './gift-row';

const NOT_FOUND = 'Gift not found';

export interface GiftPhoto {
  contentType: string;
  /** Changes whenever the photo does. */
  etag: string;
  open(): Promise<StoredObject>;
}

/** A gift's photo as uploaded, and the small JPEG its card shows. */
export type GiftPhotoSize = 'photo' | 'card';

/** An uploaded gift photo and its card image, both checked and made before anything is stored. */
interface NewGiftPhoto {
  photo: NewObject;
  card: NewObject;
}

/**
 * Christmas and special gifts, each with its child's name, id and photo; an optional JPG/PNG photo,
 * stored with a JPEG of it for the gift's card (800x336, or the photo's own size when smaller).
 */
@Injectable()
export class GiftsService {
  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first; a beneficiary user sees only its own child's gifts. */
  async list(user: UserContext, query: GiftListQuery): Promise<{ items: Gift[]; total: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const own = ownChildOf(user);
    if (own !== null) clauses.push(`g.beneficiary_id = $${params.push(own)}`);
    if (query.beneficiaryId) clauses.push(`g.beneficiary_id = $${params.push(query.beneficiaryId)}`);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const [rows, counted] = await Promise.all([
      queryRows<GiftRow>(
        this.db,
        `SELECT ${GIFT_COLUMNS} FROM ${GIFT_FROM} ${where} ORDER BY g.date_given DESC, g.created_at DESC, g.id
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, query.offset],
      ),
      queryOne<{ total: number }>(this.db, `SELECT count(*)::int AS total FROM gifts g ${where}`, params),
    ]);
    return { items: rows.map(toGift), total: counted?.total ?? 0 };
  }

  async get(user: UserContext, id: string): Promise<Gift> {
    const row = await this.findRow(this.db, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    return toGift(row);
  }

  async create(user: UserContext, body: GiftBody, file: UploadedFile | undefined): Promise<Gift> {
    const photo = await this.photoOf(file);
    const row = await this.files.withNewObjects(objectsOf(photo), () =>
      this.uow.transaction(async (manager) => {
        await this.lockChild(manager, body.beneficiaryId);
        const now = this.clock.now();
        const inserted = await queryOne<{ id: string }>(
          manager,
          `INSERT INTO gifts (beneficiary_id, gift_type, amount, description, contents, date_given, photo_key, photo_content_type, photo_card_key, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id::text`,
          [...giftValues(body, photo), user.userId, now],
        );
        await writeRecordFacts(manager, [{ recordType: 'gift', recordId: inserted!.id, createdBy: user.userId }], false);
        return (await this.findRow(manager, inserted!.id))!;
      }),
    );
    return toGift(row);
  }

  /** Replaces the fields; a new photo replaces the stored one and its card image (after the commit), none keeps them. */
  async update(id: string, body: GiftBody, file: UploadedFile | undefined): Promise<Gift> {
    const photo = await this.photoOf(file);
    const { row, replaced } = await this.files.withNewObjects(objectsOf(photo), () =>
      this.uow.transaction(async (manager) => {
        const current = await queryOne<{ photo_key: string | null; photo_card_key: string | null }>(
          manager,
          `SELECT photo_key, photo_card_key FROM gifts WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!current) throw AppError.notFound(NOT_FOUND);
        await this.lockChild(manager, body.beneficiaryId);
        await manager.query(
          `UPDATE gifts SET beneficiary_id = $2, gift_type = $3, amount = $4, description = $5, contents = $6, date_given = $7,
             photo_key = COALESCE($8, photo_key), photo_content_type = COALESCE($9, photo_content_type),
             photo_card_key = COALESCE($10, photo_card_key), updated_at = $11
           WHERE id = $1`,
          [id, ...giftValues(body, photo), this.clock.now()],
        );
        return { row: (await this.findRow(manager, id))!, replaced: photo ? [current.photo_key, current.photo_card_key] : [] };
      }),
    );
    this.files.removeAfterCommit(replaced);
    return toGift(row);
  }

  /** Deletes the gift; its photo and card image go after the commit. */
  async remove(id: string): Promise<void> {
    const keys = await this.uow.transaction(async (manager) => {
      const row = await queryOne<{ id: string; photo_key: string | null; photo_card_key: string | null; created_by: string | null }>(
        manager,
        `DELETE FROM gifts WHERE id = $1 RETURNING id::text, photo_key, photo_card_key, created_by`,
        [id],
      );
      if (!row) throw AppError.notFound(NOT_FOUND);
      await writeRecordFacts(manager, [{ recordType: 'gift', recordId: row.id, createdBy: row.created_by }], true);
      return [row.photo_key, row.photo_card_key];
    });
    this.files.removeAfterCommit(keys);
  }

  /** The photo, or its card image (the photo itself for a gift stored before card images were made). */
  async photo(user: UserContext, id: string, size: GiftPhotoSize): Promise<GiftPhoto> {
    const row = await queryOne<{ beneficiary_id: string; photo_key: string | null; photo_content_type: string | null; photo_card_key: string | null }>(
      this.db,
      `SELECT beneficiary_id, photo_key, photo_content_type, photo_card_key FROM gifts WHERE id = $1`,
      [id],
    );
    if (!row) throw AppError.notFound(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    if (!row.photo_key || !row.photo_content_type) throw AppError.notFound('Photo not found');
    const card = size === 'card' ? row.photo_card_key : null;
    const key = card ?? row.photo_key;
    return { contentType: card ? 'image/jpeg' : row.photo_content_type, etag: `"${fileNameOf(key)}"`, open: () => this.files.open(key) };
  }

  private findRow(db: DataSource | EntityManager, id: string): Promise<GiftRow | null> {
    return queryOne<GiftRow>(db, `SELECT ${GIFT_COLUMNS} FROM ${GIFT_FROM} WHERE g.id = $1`, [id]);
  }

  /** The gift's child must exist (a form error, not a missing page). */
  private async lockChild(manager: EntityManager, beneficiaryId: string): Promise<void> {
    const child = await queryOne(manager, `SELECT id FROM beneficiaries WHERE id = $1 FOR SHARE`, [beneficiaryId]);
    if (!child) throw AppError.validation([{ path: 'beneficiaryId', message: 'Beneficiary not found' }]);
  }

  /** The upload checked by its bytes and decoded into its card image (a picture that does not decode is refused, 415). */
  private async photoOf(file: UploadedFile | undefined): Promise<NewGiftPhoto | null> {
    if (!file) return null;
    const type = await checkUpload('giftPhoto', file);
    const card = await makeGiftCardImage(file.buffer);
    const name = newFileName(type.ext);
    return {
      photo: { key: objectKey('giftPhoto', name), bytes: file.buffer, contentType: type.mime },
      card: { key: objectKey('giftCard', jpegNameFor(name)), bytes: card, contentType: 'image/jpeg' },
    };
  }
}

function objectsOf(photo: NewGiftPhoto | null): NewObject[] {
  return photo ? [photo.photo, photo.card] : [];
}

/** The form's fields and the new photo's objects, in the column order of the INSERT and UPDATE above. */
function giftValues(body: GiftBody, photo: NewGiftPhoto | null): unknown[] {
  return [
    body.beneficiaryId,
    body.giftType,
    body.amount,
    body.description,
    body.contents,
    body.dateGiven,
    photo?.photo.key ?? null,
    photo?.photo.contentType ?? null,
    photo?.card.key ?? null,
  ];
}
