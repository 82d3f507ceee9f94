import { lazy, Suspense, useState } from 'react';
import {
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  type Beneficiary,
  type ConsentPurpose,
  type ConsentRecord,
  type ConsentState,
} from '@kcf/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton, type BadgeTone } from '@kcf/ui';
import { formatDate } from '@kcf/web-kit';
import { loadErrorText } from '../../../shared/load-error';
import { usePermissions } from '../../../shared/use-permissions';
import { useConsents } from './consent-api';
import type { ConsentAction } from './consent-dialog';
import { alsoWithdrawn, consentOf, effectiveState, expiryNotice, METHOD_LABELS, STATE_LABELS } from './consent-view';
import * as styles from './consent.module.css';

// The form (and the schema it checks with) loads when an action is first chosen.
const ConsentDialog = lazy(() => import(/* webpackChunkName: "consent-dialog" */ './consent-dialog'));

const STATE_TONES: Record<ConsentState, BadgeTone> = { granted: 'green', withdrawn: 'red', not_recorded: 'gray' };

/**
 * Consent: the four purposes at a glance, with Record, Renew and Withdraw for those who may. Withdraw is offered
 * only for a purpose that was recorded and is not withdrawn; withdrawing one says what goes with it (photos in
 * donor reports with photos (internal)).
 */
export function ConsentCard({ beneficiary }: { beneficiary: Beneficiary }) {
  const { canRecordConsent, canWithdrawConsent } = usePermissions();
  const consents = useConsents(beneficiary.id);
  const [open, setOpen] = useState<{ purpose: ConsentPurpose; action: ConsentAction } | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Consent</CardTitle>
      </CardHeader>
      <CardContent>
        {consents.isPending ? (
          <div className={styles.skeleton} aria-busy="true" aria-label="Loading consent">
            {CONSENT_PURPOSES.map((purpose) => (
              <Skeleton key={purpose} height={36} />
            ))}
          </div>
        ) : consents.isError ? (
          <p role="alert" className="kcf-negative">
            Could not load consent: {loadErrorText(consents.error)}
          </p>
        ) : (
          <ul className={styles.list} aria-label="Consent">
            {CONSENT_PURPOSES.map((purpose) => {
              const consent = consentOf(consents.data, purpose);
              const state = effectiveState(consent);
              const actions: ConsentAction[] = [];
              if (canRecordConsent) actions.push(state === 'granted' ? 'renew' : 'record');
              if (canWithdrawConsent && consent?.recordedAt && state !== 'withdrawn') actions.push('withdraw');
              return (
                <li key={purpose} className={styles.item}>
                  <div className={styles.main}>
                    <div className={styles.head}>
                      <strong>{CONSENT_PURPOSE_LABELS[purpose]}</strong>
                      <Badge tone={STATE_TONES[state]}>{STATE_LABELS[state]}</Badge>
                      {consent && expiryNotice(consent) && <Badge tone="yellow">{expiryNotice(consent)}</Badge>}
                    </div>
                    <p className={styles.meta}>{describe(consent, state)}</p>
                  </div>
                  {actions.length > 0 && (
                    <span className={styles.actions}>
                      {actions.map((action) => (
                        <Button
                          key={action}
                          size="sm"
                          variant={action === 'withdraw' ? 'outline' : 'secondary'}
                          aria-label={`${ACTION_LABELS[action]} ${CONSENT_PURPOSE_LABELS[purpose]} consent`}
                          onClick={() => setOpen({ purpose, action })}
                        >
                          {ACTION_LABELS[action]}
                        </Button>
                      ))}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {open && (
        <Suspense fallback={null}>
          <ConsentDialog
            beneficiary={beneficiary}
            purpose={open.purpose}
            action={open.action}
            current={consentOf(consents.data, open.purpose)}
            alsoWithdrawn={open.action === 'withdraw' ? alsoWithdrawn(consents.data, open.purpose) : []}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}

const ACTION_LABELS: Record<ConsentAction, string> = { record: 'Record', renew: 'Renew', withdraw: 'Withdraw' };

/** Who, when, how, the expiry and who recorded it; an expired grant says when it ended. */
function describe(consent: ConsentRecord | undefined, state: ConsentState): string {
  if (state === 'not_recorded') {
    // The server answers an expired grant as not recorded and keeps its fields.
    return consent?.date && consent.expiresOn ? `Expired on ${formatDate(consent.expiresOn)}.` : 'No consent recorded.';
  }
  if (!consent) return 'No consent recorded.';
  const parts: string[] = [];
  const who = consent.givenBy ? `${consent.givenBy}${consent.relationship ? ` (${consent.relationship})` : ''}` : null;
  const verb = consent.state === 'granted' ? 'Given' : 'Withdrawn';
  parts.push(who ? `${verb} by ${who}` : verb);
  if (consent.date) parts.push(formatDate(consent.date));
  if (consent.method)
    parts.push(
      consent.method === 'verbal' && consent.witness
        ? `Verbal, witnessed by ${consent.witness}`
        : METHOD_LABELS[consent.method],
    );
  if (consent.state === 'granted' && consent.expiresOn) parts.push(`Expires ${formatDate(consent.expiresOn)}`);
  if (consent.recordedBy) parts.push(`Recorded by ${consent.recordedBy}`);
  return parts.join(' · ');
}
