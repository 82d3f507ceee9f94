import { WarningIcon } from '@kcf/ui/icons';
import type { ConsentState } from '@kcf/contracts';
import * as styles from './consent.module.css';

/** The server's words when a photo is refused for a withdrawn consent. */
export const PHOTO_CONSENT_WITHDRAWN = 'Photo consent has been withdrawn for this child';

/** Beside the photo: not recorded → a warning (photos still work); withdrawn → why there is no photo. */
export function PhotoConsentNotice({ state }: { state: ConsentState | undefined }) {
  if (state === 'not_recorded') {
    return (
      <p className={styles.notice} role="status">
        <WarningIcon size={16} />
        Photo consent has not been recorded for this child.
      </p>
    );
  }
  if (state === 'withdrawn') {
    return (
      <p className={`${styles.notice} ${styles.locked}`} role="status">
        <WarningIcon size={16} />
        {PHOTO_CONSENT_WITHDRAWN}.
      </p>
    );
  }
  return null;
}

/** At the top of the profile while registration consent is withdrawn. */
export function RegistrationWithdrawnNotice() {
  return (
    <p className={`${styles.notice} ${styles.locked}`} role="alert">
      <WarningIcon size={16} />
      Registration consent has been withdrawn for this child: the record can only be exported or erased.
    </p>
  );
}
