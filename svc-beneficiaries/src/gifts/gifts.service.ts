import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  foundationToday,
  BENEFICIARIES_ERRORS,
  type Gift,
  type GiftBody,
  type GiftFilterQuery,
  type GiftListQuery,
  type GiftTotals,
} from '@kcf/contracts';
import {
  AppError,
  AuditTrail,
  CLOCK,
  Events,
  ListTotals,
  type ChangeOptions,
  type Clock,
  type FileFacts,
  type StoredObject,
  type UserContext,
} from '@kcf/server-kit';
import { assertMaySee, ownChildOf } from '../access/visibility';
import { ConsentGate } from '../consents/consent-gate.service';
import { BeneficiariesRepository } from '../beneficiaries/beneficiaries.repository';
import { recordFacts } from '../events/record-facts';
import { checkUpload, uploadFacts, type UploadedFile } from '../files/file-types';
import { fileNameOf, jpegNameFor, newFileName, objectKey } from '../files/object-names';
import { StoredFiles, type NewObject } from '../files/stored-files.service';
import { initialsCard, initialsCardTag } from '../files/initials-placeholder';
import { makeGiftCardImage } from '../files/thumbnail';
import { buildGiftFilter } from './gift-list-sql';
import { donorPhotosAllowed, toGift as toGiftOn, type GiftRow } from './gift-row';
import { GiftsRepository, type GiftPhotoKeys } from './gifts.repository';

const NOT_FOUND = BENEFICIARIES_ERRORS.giftNotFound;

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
  /** What the audit trail records of the upload. */
  facts: FileFacts;
}

/**
 * A gift in the audit trail: the child it concerns is the gift's child (after the change). The child's name
 * and photo shown with a gift (`beneficiary`) are the child's, not the gift's, and are left out of its changes.
 */
function giftSubject(gift: Gift, photo: NewGiftPhoto | null = null): ChangeOptions {
  return {
    entityType: 'gift',
    entityId: gift.id,
    beneficiaryId: gift.beneficiaryId,
    details: photo ? { photo: photo.facts } : undefined,
    omit: ['beneficiary'],
  };
}

/**
 * Christmas and special gifts, each with its child's name, id and photo; an optional JPG/PNG photo,
 * stored with a JPEG of it for the gift's card (800x336, or the photo's own size when smaller). Every change
 * is in the audit trail (a new photo with its name, type, size and SHA-256), and so is each read of one gift,
 * of its photo and of its card image (files of the child); the gift lists and their totals are not.
 */
@Injectable()
export class GiftsService {
  constructor(
    private readonly gifts: GiftsRepository,
    private readonly children: BeneficiariesRepository,
    private readonly gate: ConsentGate,
    private readonly events: Events,
    private readonly files: StoredFiles,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The totals of the filters asked for, per filter, at the list's version (`gifts_version`). */
  private readonly counted = new ListTotals<GiftTotals>();

  /**
   * One page by date given (newest first unless asked otherwise); a beneficiary user sees only its own child's
   * gifts. The number of all matches is counted in the page's statement, unless this filter's totals were
   * counted at the very version of the list the page was read at (see ListTotals).
   */
  async list(user: UserContext, query: GiftListQuery): Promise<{ items: Gift[]; total: number }> {
    const filter = buildGiftFilter(query, ownChildOf(user));
    const { page, total } = await this.counted.withPage(
      JSON.stringify(filter.params),
      (known) => this.gifts.page(filter, query.dir, query, known === null),
      (counted) => counted.totals!,
    );
    return { items: page.rows.map(this.asApi()), total: total.count };
  }

  /** How many gifts match the filters and their amount (a beneficiary user: of its own child only). */
  async totals(user: UserContext, query: GiftFilterQuery): Promise<GiftTotals> {
    const filter = buildGiftFilter(query, ownChildOf(user));
    const { total } = await this.counted.withPage<{ version: string; totals?: GiftTotals }>(
      JSON.stringify(filter.params),
      // Remembered totals need only the list's version now to be answered.
      (known) => (known === null ? this.gifts.totals(filter) : this.gifts.version().then((version) => ({ version }))),
      (counted) => counted.totals!,
    );
    return total;
  }

  async get(user: UserContext, id: string): Promise<Gift> {
    const row = await this.gifts.findRow(id);
    if (!row) throw AppError.of(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    await this.audit.viewed({ entityType: 'gift', entityId: id, beneficiaryId: row.beneficiary_id });
    return this.asApi()(row);
  }

  async create(user: UserContext, body: GiftBody, file: UploadedFile | undefined): Promise<Gift> {
    const photo = await this.photoOf(file);
    const row = await this.files.withNewObjects(objectsOf(photo), async () => {
      await this.holdChild(body.beneficiaryId);
      await this.assertChildTakes(body.beneficiaryId, photo);
      const id = await this.gifts.insert(body, keysOf(photo), user.userId, this.clock.now());
      await recordFacts(this.events, [{ recordType: 'gift', recordId: id, createdBy: user.userId }], false);
      return this.gifts.writtenRow(id);
    });
    const gift = this.asApi()(row);
    this.audit.created(gift, giftSubject(gift, photo));
    return gift;
  }

  /** Replaces the fields; a new photo replaces the stored one and its card image (after the commit), none keeps them. */
  async update(id: string, body: GiftBody, file: UploadedFile | undefined): Promise<Gift> {
    const photo = await this.photoOf(file);
    const { current, row } = await this.files.withNewObjects(objectsOf(photo), async () => {
      const current = await this.gifts.lockRow(id);
      if (!current) throw AppError.of(NOT_FOUND);
      await this.holdChild(body.beneficiaryId);
      await this.gate.assertOpen(current.beneficiary_id);
      if (photo || body.beneficiaryId !== current.beneficiary_id)
        await this.assertChildTakes(body.beneficiaryId, photo);
      await this.gifts.update(id, body, keysOf(photo), this.clock.now());
      return { current, row: await this.gifts.writtenRow(id) };
    });
    if (photo) this.files.removeAfterCommit([current.photo_key, current.photo_card_key]);
    const toGift = this.asApi();
    const gift = toGift(row);
    this.audit.updated(toGift(current), gift, giftSubject(gift, photo));
    return gift;
  }

  /** Deletes the gift; its photo and card image go after the commit. */
  async remove(id: string): Promise<void> {
    const row = await this.gifts.delete(id);
    if (!row) throw AppError.of(NOT_FOUND);
    await this.gate.assertOpen(row.beneficiary_id);
    await recordFacts(this.events, [{ recordType: 'gift', recordId: row.id, createdBy: row.created_by }], true);
    this.files.removeAfterCommit([row.photo_key, row.photo_card_key]);
    const gift = this.asApi()(row);
    this.audit.deleted(gift, giftSubject(gift));
  }

  /**
   * The photo, or its card image (the photo itself for a gift stored before card images were made). The card
   * goes to donors: without photos_donor and Photos (internal) consent both granted (either not recorded,
   * withdrawn or expired) it is the child's initials instead. Opening either records the download, concerning the gift's child (the card's with
   * `size: 'card'`, and `placeholder: true` when it is the initials).
   */
  async photo(user: UserContext, id: string, size: GiftPhotoSize): Promise<GiftPhoto> {
    const row = await this.gifts.photoOf(id);
    if (!row) throw AppError.of(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    // Photo consent withdrawn: the child's gift photos are not served, though their files stay for the grace period.
    if (!row.photo_key || !row.photo_content_type || row.photos_withdrawn)
      throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const viewed = (details: Record<string, unknown>) =>
      this.audit.viewed({ entityType: 'gift-photo', entityId: id, beneficiaryId: row.beneficiary_id, details });
    if (
      size === 'card' &&
      !donorPhotosAllowed(row.donor_photos_until, row.photos_until, foundationToday(this.clock.now()))
    ) {
      const name = row.beneficiary_full_name;
      const open = async () => {
        const bytes = await initialsCard(name);
        await viewed({ size, placeholder: true });
        return placeholderObject(bytes);
      };
      return { contentType: 'image/jpeg', etag: initialsCardTag(name), open };
    }
    const card = size === 'card' ? row.photo_card_key : null;
    const key = card ?? row.photo_key;
    const type = card ? 'image/jpeg' : row.photo_content_type;
    const open = () =>
      this.files.openSeen(key, () => viewed({ fileName: fileNameOf(key), type, ...(size === 'card' ? { size } : {}) }));
    return { contentType: type, etag: `"${fileNameOf(key)}"`, open };
  }

  /** Gifts as the API answers them today (whether a child's photo may show depends on the date: consents expire). */
  private asApi(): (row: GiftRow) => Gift {
    const today = foundationToday(this.clock.now());
    return (row) => toGiftOn(row, today);
  }

  /** The gift's child takes the change: open for writes, and photo consent not withdrawn when a new photo comes with it. */
  private async assertChildTakes(beneficiaryId: string, photo: NewGiftPhoto | null): Promise<void> {
    if (photo) await this.gate.assertPhotoAllowed(beneficiaryId);
    else await this.gate.assertOpen(beneficiaryId);
  }

  /** The gift's child must exist (a form error, not a missing page), and stays until the unit of work ends. */
  private async holdChild(beneficiaryId: string): Promise<void> {
    if (!(await this.children.lockForShare(beneficiaryId)))
      throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryIdUnknown);
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
      facts: uploadFacts(file, type),
    };
  }
}

/** A made picture served like a stored one. */
function placeholderObject(bytes: Buffer): StoredObject {
  return { stream: Readable.from([bytes]), size: bytes.length, contentType: 'image/jpeg' };
}

function objectsOf(photo: NewGiftPhoto | null): NewObject[] {
  return photo ? [photo.photo, photo.card] : [];
}

function keysOf(photo: NewGiftPhoto | null): GiftPhotoKeys | null {
  return photo ? { photoKey: photo.photo.key, contentType: photo.photo.contentType, cardKey: photo.card.key } : null;
}
