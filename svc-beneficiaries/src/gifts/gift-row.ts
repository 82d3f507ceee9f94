import type { Gift, GiftType, IsoDate } from '@kcf/contracts';
import { toSummary } from '../beneficiaries/beneficiary-row';
import { grantCounts } from '../consents/grant-until';

/** A gift's own columns, unqualified (what an INSERT into gifts can return); `toGiftOf` adds its child. */
export const GIFT_OWN_COLUMNS = `id::text, beneficiary_id, gift_type, amount::text AS amount, description, contents,
  date_given::text AS date_given, photo_key, photo_content_type, created_by, created_at, updated_at`;

/** A gift with what it shows of its child (`g` gifts, `b` beneficiaries). */
export const GIFT_COLUMNS = `g.id::text, g.beneficiary_id, g.gift_type, g.amount::text AS amount, g.description, g.contents,
  g.date_given::text AS date_given, g.photo_key, g.photo_content_type, g.created_by, g.created_at, g.updated_at,
  b.full_name AS beneficiary_full_name, b.photo_key AS beneficiary_photo_key,
  b.photos_withdrawn_at IS NOT NULL AS beneficiary_photos_withdrawn, b.photos_consent_until::text AS beneficiary_photos_until,
  ${donorPhotosUntil('g.beneficiary_id')} AS donor_photos_until`;

/**
 * Until when the child's photos may go to donors (photos_donor consent), as SQL over the child id `child`:
 * null when not granted (never recorded, or withdrawn), 'never' for a grant without expiry, else the expiry date.
 */
export function donorPhotosUntil(child: string): string {
  return `(SELECT CASE WHEN c.state = 'granted' THEN coalesce(c.expires_on::text, 'never') END FROM consent_history c
    WHERE c.beneficiary_id = ${child} AND c.purpose = 'photos_donor' ORDER BY c.seq DESC LIMIT 1)`;
}

/**
 * Whether photos of the child may go to donors on `today`: photos_donor granted, and Photos (internal) granted too
 * (a photo in a donor report is first a photo the foundation holds). An expired grant counts as not recorded.
 */
export function donorPhotosAllowed(donorUntil: string | null, internalUntil: string | null, today: IsoDate): boolean {
  return grantCounts(donorUntil, today) && grantCounts(internalUntil, today);
}

export const GIFT_FROM = `gifts g JOIN beneficiaries b ON b.id = g.beneficiary_id`;

export interface GiftRow {
  id: string;
  beneficiary_id: string;
  gift_type: GiftType;
  amount: string;
  description: string;
  contents: string;
  date_given: string;
  photo_key: string | null;
  photo_content_type: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  beneficiary_full_name: string;
  beneficiary_photo_key: string | null;
  /** Photo consent (photos_internal) withdrawn. */
  beneficiary_photos_withdrawn: boolean;
  /** The last day the child's Photos (internal) grant counts (null: not granted). */
  beneficiary_photos_until: string | null;
  /** See donorPhotosUntil. */
  donor_photos_until: string | null;
}

/**
 * A gift as the API answers it, on the foundation's date `today`. A gift card goes to donors: its child's photo
 * shows only while photos_donor and Photos (internal) consent are both granted; else none, and the screens show
 * the initials. While photo consent (photos_internal) is withdrawn the gift's own photo and card image are not
 * shown either.
 */
export function toGift(r: GiftRow, today: IsoDate): Gift {
  const shown = donorPhotosAllowed(r.donor_photos_until, r.beneficiary_photos_until, today);
  // The gift's own photo shows the child too: none while photo consent is withdrawn (as the child's photo).
  const giftPhoto = r.beneficiary_photos_withdrawn ? null : r.photo_key;
  return {
    id: r.id,
    beneficiaryId: r.beneficiary_id,
    beneficiary: toSummary({
      id: r.beneficiary_id,
      full_name: r.beneficiary_full_name,
      photo_key: shown ? r.beneficiary_photo_key : null,
    }),
    giftType: r.gift_type,
    amount: r.amount,
    description: r.description,
    contents: r.contents,
    dateGiven: r.date_given,
    photoUrl: giftPhoto ? `/api/gifts/${r.id}/photo` : null,
    photoCardUrl: giftPhoto ? `/api/gifts/${r.id}/photo/card` : null,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A gift read from its own columns (GIFT_OWN_COLUMNS), shown with its child's name and photo. */
export function toGiftOf(
  r: Omit<
    GiftRow,
    | 'beneficiary_full_name'
    | 'beneficiary_photo_key'
    | 'beneficiary_photos_withdrawn'
    | 'beneficiary_photos_until'
    | 'donor_photos_until'
  >,
  child: { full_name: string; photo_key: string | null },
): Gift {
  // An imported child has no consents yet: photos for donors are not recorded, so none is shown.
  return toGift(
    {
      ...r,
      beneficiary_full_name: child.full_name,
      beneficiary_photo_key: child.photo_key,
      beneficiary_photos_withdrawn: false,
      beneficiary_photos_until: null,
      donor_photos_until: null,
    },
    '1970-01-01',
  );
}
