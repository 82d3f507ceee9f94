import { Link } from 'react-router-dom';
import { GIFT_TYPE_LABELS, type Gift } from '@kcf/contracts';
import { Avatar, Badge, Card, RowActions, Skeleton } from '@kcf/ui';
import { GiftIcon } from '@kcf/ui/icons';
import { formatDate, formatMoney, photoSrc, thumbnailSrc } from '@kcf/web-kit';
import * as links from '../../shared/links.module.css';
import * as styles from './gifts.module.css';

interface Props {
  gift: Gift;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: (gift: Gift) => void;
  onDelete: (gift: Gift) => void;
}

/**
 * The card's picture: the small JPEG made for the card (the full upload is several times the bytes), or
 * the photo itself from a service that does not send one; `?t=` moves with the gift's last change.
 */
function cardPictureSrc(gift: Pick<Gift, 'photoUrl' | 'photoCardUrl' | 'updatedAt'>): string | null {
  return photoSrc({ photoUrl: gift.photoCardUrl ?? gift.photoUrl, updatedAt: gift.updatedAt });
}

/** One gift: its photo, the child (name, id, photo), type, amount, date, description and contents. */
export function GiftCard({ gift, canWrite, canDelete, onEdit, onDelete }: Props) {
  const child = gift.beneficiary;
  const picture = cardPictureSrc(gift);
  return (
    <Card className={styles.card} aria-label={`${GIFT_TYPE_LABELS[gift.giftType]} gift for ${child.fullName}`}>
      <div className={styles.media}>
        {picture ? (
          <img
            src={picture}
            alt={`Gift for ${child.fullName}`}
            loading="lazy"
            decoding="async"
            width={400}
            height={168}
          />
        ) : (
          <GiftIcon size={40} />
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.who}>
          <Avatar name={child.fullName} src={thumbnailSrc(child)} size={40} />
          <div className={styles.whoText}>
            <Link
              to={`/beneficiaries/${encodeURIComponent(child.id)}`}
              className={`${links.recordName} ${styles.name}`}
            >
              {child.fullName}
            </Link>
            <span className={styles.id}>{child.id}</span>
          </div>
        </div>
        <div className={styles.meta}>
          <Badge tone={gift.giftType === 'christmas' ? 'red' : 'purple'}>{GIFT_TYPE_LABELS[gift.giftType]}</Badge>
          <span className={styles.amount}>{formatMoney(gift.amount, 'KSH')}</span>
        </div>
        <p className={styles.text}>{gift.description}</p>
        <p className={styles.text}>
          <span className={styles.label}>Contents: </span>
          {gift.contents}
        </p>
        <p className={`kcf-muted kcf-small ${styles.text}`}>Given {formatDate(gift.dateGiven)}</p>
      </div>
      {(canWrite || canDelete) && (
        <div className={styles.footer}>
          <RowActions
            name={`gift for ${child.fullName}`}
            onEdit={canWrite ? () => onEdit(gift) : undefined}
            onDelete={canDelete ? () => onDelete(gift) : undefined}
          />
        </div>
      )}
    </Card>
  );
}

/** The same shape while gifts load, so the grid does not jump. */
export function GiftCardSkeleton() {
  return (
    <Card className={styles.card} aria-hidden="true">
      <Skeleton height={168} className={styles.mediaSkeleton} />
      <div className={styles.skeletonBody}>
        <div className={styles.who}>
          <Skeleton circle width={40} height={40} />
          <Skeleton width={140} height={16} />
        </div>
        <Skeleton width="40%" height={14} />
        <Skeleton height={14} />
        <Skeleton width="70%" height={14} />
      </div>
    </Card>
  );
}
