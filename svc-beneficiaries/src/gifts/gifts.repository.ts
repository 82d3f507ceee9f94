import { Injectable } from '@nestjs/common';
import type { GiftBody, GiftListQuery, GiftTotals, SortDirection } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { giftPageStatement, giftTotalsStatement, type GiftFilter } from './gift-list-sql';
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
  /** The last day the child's Photos (internal) grant counts (null: not granted). */
  photos_until: string | null;
  /** Photo consent (photos_internal) withdrawn: none of the child's photos is served. */
  photos_withdrawn: boolean;
  photo_key: string | null;
  photo_content_type: string | null;
  photo_card_key: string | null;
}

/** A page of the gifts list, read at the list's `version`, with its totals when they were counted with it. */
export interface GiftPage {
  version: string;
  rows: GiftRow[];
  totals: GiftTotals | null;
}

/** A row of `giftPageStatement`: the version and totals on every row, and a null gift on an empty page's one row. */
type GiftPageRow = GiftRow & { version: string; total_count?: number; total_amount?: string };

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
   * One page of the gifts `filter` keeps, in the order of `dir` (see `giftOrder`), read with the list's version;
   * with the totals of every match when `counted`. One prepared statement (see `giftPageStatement`).
   */
  async page(
    filter: GiftFilter,
    dir: SortDirection,
    paging: Pick<GiftListQuery, 'limit' | 'offset'>,
    counted: boolean,
  ): Promise<GiftPage> {
    const { sql, params } = giftPageStatement(filter, dir, paging, counted);
    const rows = await this.db.readPrepared.rows<GiftPageRow>(sql, params);
    const [first] = rows;
    return {
      version: first.version,
      rows: first.id === null ? [] : rows,
      totals: counted ? { count: first.total_count!, amount: first.total_amount! } : null,
    };
  }

  /** How many gifts `filter` keeps and their amount, with the list's version they were counted at. */
  async totals(filter: GiftFilter): Promise<{ version: string; totals: GiftTotals }> {
    const { sql, params } = giftTotalsStatement(filter);
    const row = await this.db.readPrepared.one<{ version: string; count: number; amount: string }>(sql, params);
    return { version: row!.version, totals: { count: row!.count, amount: row!.amount } };
  }

  /** The gifts list's version now (see migration `GiftListVersion`). */
  async version(): Promise<string> {
    const row = await this.db.readPrepared.one<{ version: string }>(
      `SELECT version::text AS version FROM gifts_version`,
      [],
    );
    return row!.version;
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
    return this.db.read.one<StoredGiftPhoto>(
      `SELECT g.beneficiary_id, b.full_name AS beneficiary_full_name, ${donorPhotosUntil('g.beneficiary_id')} AS donor_photos_until,
              b.photos_consent_until::text AS photos_until, b.photos_withdrawn_at IS NOT NULL AS photos_withdrawn, g.photo_key, g.photo_content_type, g.photo_card_key
              FROM ${GIFT_FROM} WHERE g.id = $1`,
      [id],
    );
  }

  /** The gift as it is with its photo keys, locked until the unit of work ends; null when there is none. */
  lockRow(id: string): Promise<(GiftRow & { photo_card_key: string | null }) | null> {
    return this.db.write.one(
      `SELECT ${GIFT_COLUMNS}, g.photo_card_key FROM ${GIFT_FROM} WHERE g.id = $1 FOR UPDATE OF g`,
      [id],
    );
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
    return this.db.write.one(
      `DELETE FROM gifts g USING beneficiaries b WHERE g.id = $1 AND b.id = g.beneficiary_id RETURNING ${GIFT_COLUMNS}, g.photo_card_key`,
      [id],
    );
  }
}
