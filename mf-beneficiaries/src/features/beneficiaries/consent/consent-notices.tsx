import { WarningIcon } from '@kcf/ui/icons';
import { PHOTO_CONSENT_MESSAGES, type ConsentState } from '@kcf/contracts';
import * as styles from './consent.module.css';

/** The server's words when a photo is refused for a withdrawn consent. */
export const PHOTO_CONSENT_WITHDRAWN = PHOTO_CONSENT_MESSAGES.withdrawn;
/** The server's words when a photo is refused because photo consent is not granted (never recorded, or expired). */
export const PHOTO_CONSENT_MISSING = PHOTO_CONSENT_MESSAGES.missing;

/** Beside the photo: why there is none unless photo consent is granted (not recorded, or withdrawn). */
export function PhotoConsentNotice({ state }: { state: ConsentState | undefined }) {
  if (state === 'not_recorded') {
    return (
      <p className={styles.notice} role="status">
        <WarningIcon size={16} />
        Photo consent has not been recorded for this child: no photo is shown or added until it is.
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
