import { Link } from 'react-router-dom';
import {
  CONSENT_EXPIRING_DAYS,
  CONSENT_LIST_FILTER_LABELS,
  CONSENT_PURPOSE_LABELS,
  type ConsentListFilter,
  type ConsentOverview,
} from '@kcf/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, ErrorCard, Skeleton } from '@kcf/ui';
import { formatDate } from '@kcf/web-kit';
import type { DashboardSlice } from './dashboard-data';
import { addressOf, PAGES } from '../pages/page-table';

/** The list the count links to: the beneficiaries page with its consent filter. */
export const consentListPath = (filter: ConsentListFilter) => `${PAGES.beneficiaries.path}?consent=${filter}`;

const children = (count: number) => `${count} ${count === 1 ? 'child' : 'children'}`;

function MissingLine({ count, filter }: { count: number; filter: ConsentListFilter }) {
  return (
    <li className="shell-line">
      <span className="shell-line__label">{CONSENT_LIST_FILTER_LABELS[filter]}</span>
      <Link to={consentListPath(filter)} className="kcf-link shell-line__value" data-testid={`consent-${filter}`}>
        {children(count)}
      </Link>
    </li>
  );
}

/**
 * Consent at a glance (staff's dashboard): how many children lack registration or photo consent today, each
 * linking to the beneficiaries list filtered to them, and the granted consents that expire within
 * CONSENT_EXPIRING_DAYS, soonest first.
 */
export function ConsentOverviewCard({ consents }: { consents: DashboardSlice<ConsentOverview> }) {
  const data = consents.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Consent</CardTitle>
      </CardHeader>
      <CardContent>
        {consents.error ? (
          <ErrorCard title="Consent could not be loaded" message={consents.error.message} onRetry={consents.retry} />
        ) : !data ? (
          <div className="kcf-stack" aria-busy="true" aria-label="Consent overview">
            <Skeleton width={240} height={16} />
            <Skeleton width={240} height={16} />
            <Skeleton width={200} height={16} />
          </div>
        ) : (
          <div className="kcf-stack">
            <ul className="shell-plain-list kcf-stack" aria-label="Children lacking consent">
              <MissingLine count={data.registrationMissing} filter="registration_missing" />
              <MissingLine count={data.photosMissing} filter="photos_missing" />
            </ul>
            <div className="shell-totals kcf-stack">
              <p className="shell-line__label">Expiring in the next {CONSENT_EXPIRING_DAYS} days</p>
              {data.expiring.length === 0 ? (
                <p className="kcf-small kcf-muted">No consent expires in the next {CONSENT_EXPIRING_DAYS} days.</p>
              ) : (
                <ul className="shell-plain-list kcf-stack" aria-label="Consents expiring soon">
                  {data.expiring.map((item) => (
                    <li key={`${item.beneficiaryId}:${item.purpose}`} className="shell-line">
                      <span className="shell-recent__text">
                        <Link
                          to={addressOf(PAGES.child, { id: item.beneficiaryId })}
                          className="kcf-link shell-recent__name"
                        >
                          {item.fullName}
                        </Link>
                        <Badge tone="yellow">{CONSENT_PURPOSE_LABELS[item.purpose]}</Badge>
                      </span>
                      <span className="kcf-small shell-line__value">{formatDate(item.expiresOn)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {data.expiringTotal > data.expiring.length && (
                <p className="kcf-small kcf-muted">and {data.expiringTotal - data.expiring.length} more</p>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
