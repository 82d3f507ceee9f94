import { Injectable } from '@nestjs/common';
import type { GiftBody, GiftListQuery, GiftTotals, SortDirection } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { giftOrder, type GiftFilter } from './gift-list-sql';
import { donorPhotosUntil, GIFT_COLUMNS, GIFT_FROM, type GiftRow } from './gift-row';

/** A new photo's objects as a gift's row keeps them. */
export interface GiftPhotoKeys {
  photoKey: string;
  contentType: string;
  cardKey: string;
}

/** The photo keys of a gift as stored. */
export interface StoredGiftPhoto {
  beneficiary_id: string;
  beneficiary_full_name: string;
  /** See donorPhotosUntil. */
  donor_photos_until: string | null;
  /** Photo consent (photos_internal) withdrawn: none of the child's photos is served. */
  photos_withdrawn: boolean;
  photo_key: string | null;
  photo_content_type: string | null;
  photo_card_key: string | null;
}

/** The form's fields and the new photo's keys, in the column order of the INSERT and UPDATE below. */
function giftValues(body: GiftBody, photo: GiftPhotoKeys | null): unknown[] {
  return [
    body.beneficiaryId,
    body.giftType,
    body.amount,
    body.description,
    body.contents,
    body.dateGiven,
    photo?.photoKey ?? null,
    photo?.contentType ?? null,
    photo?.cardKey ?? null,
  ];
}

/** The gifts table (each gift read with what it shows of its child). */
@Injectable()
export class GiftsRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of the gifts `filter` keeps, in the order of `dir` (see `giftOrder`), with how many match in all.
   * Both statements are prepared: their texts depend only on the direction.
   */
  async page(filter: GiftFilter, dir: SortDirection, paging: Pick<GiftListQuery, 'limit' | 'offset'>): Promise<{ rows: GiftRow[]; total: number }> {
    const next = filter.params.length;
    const [rows, counted] = await Promise.all([
      this.db.readPrepared.rows<GiftRow>(
        `SELECT ${GIFT_COLUMNS} FROM ${GIFT_FROM} ${filter.where} ${giftOrder(dir)} LIMIT $${next + 1} OFFSET $${next + 2}`,
        [...filter.params, paging.limit, paging.offset],
      ),
      this.db.readPrepared.one<{ total: number }>(`SELECT count(*)::int AS total FROM gifts g ${filter.whereAlone}`, filter.params),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** How many gifts `filter` keeps, and their amount. */
  async totals(filter: GiftFilter): Promise<GiftTotals> {
    const row = await this.db.readPrepared.one<{ count: number; amount: string }>(
      `SELECT count(*)::int AS count, coalesce(sum(g.amount), 0)::numeric(14,2)::text AS amount FROM gifts g ${filter.whereAlone}`,
      filter.params,
    );
    return { count: row?.count ?? 0, amount: row?.amount ?? '0.00' };
  }

  findRow(id: string): Promise<GiftRow | null> {
    return this.db.read.one<GiftRow>(`SELECT ${GIFT_COLUMNS} FROM ${GIFT_FROM} WHERE g.id = $1`, [id]);
  }

  /** The gift as this unit of work wrote it. */
  async writtenRow(id: string): Promise<GiftRow> {
    const row = await this.db.write.one<GiftRow>(`SELECT ${GIFT_COLUMNS} FROM ${GIFT_FROM} WHERE g.id = $1`, [id]);
    return row!;
  }

  photoOf(id: string): Promise<StoredGiftPhoto | null> {
    return this.db.read.one<StoredGiftPhoto>(`SELECT g.beneficiary_id, b.full_name AS beneficiary_full_name, ${donorPhotosUntil('g.beneficiary_id')} AS donor_photos_until,
              b.photos_withdrawn_at IS NOT NULL AS photos_withdrawn, g.photo_key, g.photo_content_type, g.photo_card_key FROM ${GIFT_FROM} WHERE g.id = $1`, [id]);
  }

  /** The gift as it is with its photo keys, locked until the unit of work ends; null when there is none. */
  lockRow(id: string): Promise<(GiftRow & { photo_card_key: string | null }) | null> {
    return this.db.write.one(`SELECT ${GIFT_COLUMNS}, g.photo_card_key FROM ${GIFT_FROM} WHERE g.id = $1 FOR UPDATE OF g`, [id]);
  }

  /** The new gift's id. */
  async insert(body: GiftBody, photo: GiftPhotoKeys | null, createdBy: string, now: Date): Promise<string> {
    const row = await this.db.write.one<{ id: string }>(
      `INSERT INTO gifts (beneficiary_id, gift_type, amount, description, contents, date_given, photo_key, photo_content_type, photo_card_key, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id::text`,
      [...giftValues(body, photo), createdBy, now],
    );
    return row!.id;
  }

  /** Replaces the fields; a new photo replaces the stored keys, none keeps them. */
  async update(id: string, body: GiftBody, photo: GiftPhotoKeys | null, now: Date): Promise<void> {
    await this.db.write.exec(
      `UPDATE gifts SET beneficiary_id = $2, gift_type = $3, amount = $4, description = $5, contents = $6, date_given = $7,
             photo_key = COALESCE($8, photo_key), photo_content_type = COALESCE($9, photo_content_type),
             photo_card_key = COALESCE($10, photo_card_key), updated_at = $11
           WHERE id = $1`,
      [id, ...giftValues(body, photo), now],
    );
  }

  /** Deletes the gift; what it was (with its child's name and photo, and its card image's key), or null when there was none. */
  delete(id: string): Promise<(GiftRow & { photo_card_key: string | null }) | null> {
    return this.db.write.one(`DELETE FROM gifts g USING beneficiaries b WHERE g.id = $1 AND b.id = g.beneficiary_id RETURNING ${GIFT_COLUMNS}, g.photo_card_key`, [id]);
  }
}
