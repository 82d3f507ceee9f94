import type { ReactNode } from 'react';
import { activeLabel, countyLabel, phoneForDisplay, type Beneficiary, type ConsentState } from '@kcf/contracts';
import { Avatar, Badge, Card, CardContent, CardHeader, CardTitle } from '@kcf/ui';
import { PersonIcon } from '@kcf/ui/icons';
import { formatDate } from '@kcf/web-kit';
import { photoSrc } from '../api';
import { PhotoConsentNotice } from '../consent/consent-notices';
import { usePart } from './records-api';
import * as styles from './detail.module.css';

const PHOTO_PX = 96;

function PhotoPlaceholder() {
  return (
    <span className={styles.photoPlaceholder} role="img" aria-label="No photo">
      <PersonIcon size={44} strokeWidth={1.6} />
    </span>
  );
}

export interface PersonalCardProps {
  beneficiary: Beneficiary;
  /** The photos-internal consent as it counts now (undefined while it loads). */
  photoConsent?: ConsentState;
}

/**
 * Round photo or placeholder (the placeholder unless photo consent is granted, with a word on why), date of
 * birth, location, guardian, status and special needs text.
 */
export function PersonalCard({ beneficiary: b, photoConsent }: PersonalCardProps) {
  // The server shows a photo only while photo consent is granted; a page left open keeps to the same rule.
  const src = photoConsent === undefined || photoConsent === 'granted' ? photoSrc(b) : null;
  // The same read as the Special Needs Management card (one request for both).
  const needs = usePart(b.id, 'special-needs');
  const open = (needs.data ?? []).filter((n) => n.status !== 'resolved').length;
  const recorded = needs.data?.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
      </CardHeader>
      <CardContent className={styles.personalContent}>
        <PhotoConsentNotice state={photoConsent} />
        <div className={styles.personal}>
          {src ? <Avatar name={b.fullName} src={src} size={PHOTO_PX} /> : <PhotoPlaceholder />}
          <dl className={styles.facts}>
            <Fact label="Date of Birth">
              {formatDate(b.dateOfBirth)} ({b.age} {b.age === 1 ? 'year' : 'years'})
            </Fact>
            <Fact label="Status">
              <Badge tone={b.isActive ? 'green' : 'gray'}>{activeLabel(b.isActive)}</Badge>
            </Fact>
            <Fact label="Location" wide>
              {b.homeVillage}, {b.subCounty}, {countyLabel(b.county)}
            </Fact>
            <Fact label="Guardian Name">{b.guardianName}</Fact>
            <Fact label="Guardian Phone">
              <a className="kcf-link" href={`tel:${b.guardianPhone.replace(/\s+/g, '')}`}>
                {phoneForDisplay(b.guardianPhone)}
              </a>
            </Fact>
            <Fact label="Special Needs" wide>
              {b.specialNeeds?.trim() ? (
                b.specialNeeds
              ) : recorded > 0 ? (
                `${recorded} ${recorded === 1 ? 'entry' : 'entries'}, ${open} open (see Special Needs Management)`
              ) : (
                <span className="kcf-muted">None recorded</span>
              )}
            </Fact>
            {b.birthCertificateUrl && (
              <Fact label="Birth Certificate" wide>
                <a className="kcf-link" href={b.birthCertificateUrl} target="_blank" rel="noopener">
                  Download birth certificate
                </a>
              </Fact>
            )}
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? `${styles.fact} kcf-span-all` : styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
