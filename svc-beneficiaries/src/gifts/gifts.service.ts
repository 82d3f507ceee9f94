import { Inject, Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS, type Gift, type GiftBody, type GiftListQuery } from '@kcf/contracts';
import { AppError, CLOCK, Events, type Clock, type StoredObject, type UserContext } from '@kcf/server-kit';
import { assertMaySee, ownChildOf } from '../access/visibility';
import { BeneficiariesRepository } from '../beneficiaries/beneficiaries.repository';
import { recordFacts } from '../events/record-facts';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { fileNameOf, jpegNameFor, newFileName, objectKey } from '../files/object-names';
import { StoredFiles, type NewObject } from '../files/stored-files.service';
import { makeGiftCardImage } from '../files/thumbnail';
import { toGift } from './gift-row';
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
}

/**
 * Christmas and special gifts, each with its child's name, id and photo; an optional JPG/PNG photo,
 * stored with a JPEG of it for the gift's card (800x336, or the photo's own size when smaller).
 */
@Injectable()
export class GiftsService {
  constructor(
    private readonly gifts: GiftsRepository,
    private readonly children: BeneficiariesRepository,
    private readonly events: Events,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first; a beneficiary user sees only its own child's gifts. */
  async list(user: UserContext, query: GiftListQuery): Promise<{ items: Gift[]; total: number }> {
    const own = ownChildOf(user);
    const children = [...(own !== null ? [own] : []), ...(query.beneficiaryId ? [query.beneficiaryId] : [])];
    const { rows, total } = await this.gifts.page(children, query);
    return { items: rows.map(toGift), total };
  }

  async get(user: UserContext, id: string): Promise<Gift> {
    const row = await this.gifts.findRow(id);
    if (!row) throw AppError.of(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    return toGift(row);
  }

  async create(user: UserContext, body: GiftBody, file: UploadedFile | undefined): Promise<Gift> {
    const photo = await this.photoOf(file);
    const row = await this.files.withNewObjects(objectsOf(photo), async () => {
      await this.holdChild(body.beneficiaryId);
      const id = await this.gifts.insert(body, keysOf(photo), user.userId, this.clock.now());
      await recordFacts(this.events, [{ recordType: 'gift', recordId: id, createdBy: user.userId }], false);
      return this.gifts.writtenRow(id);
    });
    return toGift(row);
  }

  /** Replaces the fields; a new photo replaces the stored one and its card image (after the commit), none keeps them. */
  async update(id: string, body: GiftBody, file: UploadedFile | undefined): Promise<Gift> {
    const photo = await this.photoOf(file);
    const { row, replaced } = await this.files.withNewObjects(objectsOf(photo), async () => {
      const current = await this.gifts.lockPhotoKeys(id);
      if (!current) throw AppError.of(NOT_FOUND);
      await this.holdChild(body.beneficiaryId);
      await this.gifts.update(id, body, keysOf(photo), this.clock.now());
      return { row: await this.gifts.writtenRow(id), replaced: photo ? [current.photo_key, current.photo_card_key] : [] };
    });
    this.files.removeAfterCommit(replaced);
    return toGift(row);
  }

  /** Deletes the gift; its photo and card image go after the commit. */
  async remove(id: string): Promise<void> {
    const row = await this.gifts.delete(id);
    if (!row) throw AppError.of(NOT_FOUND);
    await recordFacts(this.events, [{ recordType: 'gift', recordId: row.id, createdBy: row.created_by }], true);
    this.files.removeAfterCommit([row.photo_key, row.photo_card_key]);
  }

  /** The photo, or its card image (the photo itself for a gift stored before card images were made). */
  async photo(user: UserContext, id: string, size: GiftPhotoSize): Promise<GiftPhoto> {
    const row = await this.gifts.photoOf(id);
    if (!row) throw AppError.of(NOT_FOUND);
    assertMaySee(user, row.beneficiary_id, NOT_FOUND);
    if (!row.photo_key || !row.photo_content_type) throw AppError.of(BENEFICIARIES_ERRORS.photoNotFound);
    const card = size === 'card' ? row.photo_card_key : null;
    const key = card ?? row.photo_key;
    return { contentType: card ? 'image/jpeg' : row.photo_content_type, etag: `"${fileNameOf(key)}"`, open: () => this.files.open(key) };
  }

  /** The gift's child must exist (a form error, not a missing page), and stays until the unit of work ends. */
  private async holdChild(beneficiaryId: string): Promise<void> {
    if (!(await this.children.lockForShare(beneficiaryId))) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryIdUnknown);
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

function keysOf(photo: NewGiftPhoto | null): GiftPhotoKeys | null {
  return photo ? { photoKey: photo.photo.key, contentType: photo.photo.contentType, cardKey: photo.card.key } : null;
}
