import { Link } from 'react-router-dom';
import { Avatar, Badge, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorCard, Skeleton } from '@kcf/ui';
import { now } from '@kcf/web-kit';
import { RECENT_COUNT, type DashboardSlice, type RecentBeneficiary } from './dashboard-data';
import { registeredWhen } from './dashboard-rules';
import { addressOf, PAGES } from '../pages/page-table';

function SkeletonRow() {
  return (
    <li className="shell-recent__row">
      <Skeleton circle width={40} height={40} />
      <div className="shell-recent__placeholder">
        <Skeleton width={160} height={14} />
        <Skeleton width={120} height={12} />
      </div>
      <Skeleton width={56} height={20} />
    </li>
  );
}

/** The five newest beneficiaries: photo or initials, id, when registered, Active/Inactive. */
export function RecentBeneficiaries({ recent }: { recent: DashboardSlice<RecentBeneficiary[]> }) {
  const today = now();
  const list = recent.data?.slice(0, RECENT_COUNT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Beneficiaries</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.error ? (
          <ErrorCard title="Beneficiaries could not be loaded" message={recent.error.message} onRetry={recent.retry} />
        ) : list && list.length === 0 ? (
          <EmptyState message="No beneficiaries registered yet." />
        ) : (
          <ul className="shell-plain-list" aria-busy={!list || undefined} aria-label="Recent beneficiaries">
            {!list
              ? Array.from({ length: RECENT_COUNT }, (_, i) => <SkeletonRow key={i} />)
              : list.map((b) => (
                  <li key={b.id} className="shell-recent__row">
                    <Avatar name={b.fullName} src={b.photoThumbnailUrl ?? b.photoUrl} size={40} />
                    <div className="shell-recent__text">
                      <Link to={addressOf(PAGES.child, { id: b.id })} className="kcf-link shell-recent__name">
                        {b.fullName}
                      </Link>
                      <span className="kcf-small kcf-muted">
                        {b.id} · {registeredWhen(b.createdAt, today)}
                      </span>
                    </div>
                    <Badge tone={b.isActive ? 'green' : 'gray'}>{b.isActive ? 'Active' : 'Inactive'}</Badge>
                  </li>
                ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
