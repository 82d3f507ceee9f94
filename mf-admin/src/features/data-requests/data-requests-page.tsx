import { can } from '@kcf/contracts';
import { Card, CardContent, EmptyState, ErrorCard } from '@kcf/ui';
import { errorMessageOf, useCurrentUser } from '@kcf/web-kit';
import { useDataRequests } from './data-requests-api';
import { DataRequestsTable } from './data-requests-table';
import { DATA_REQUEST_TEXTS } from './data-requests-texts';
import { RetentionReviewCard } from './retention-review-card';

/**
 * /data-requests (superadmin): every export and erasure of a child's data, newest first, followed live while
 * any is still being carried out; below it the retention review.
 */
export function DataRequestsPage() {
  const { user: me } = useCurrentUser();
  if (!can.manageDataRequests(me?.role)) {
    return (
      <div className="kcf-stack">
        <Header />
        <EmptyState title={DATA_REQUEST_TEXTS.forSuperAdmins} message={DATA_REQUEST_TEXTS.forSuperAdminsMessage} />
      </div>
    );
  }
  return <DataRequests />;
}

function DataRequests() {
  const requests = useDataRequests();
  return (
    <div className="kcf-stack">
      <Header />
      {requests.isError && !requests.data ? (
        <ErrorCard
          title={DATA_REQUEST_TEXTS.loadFailed}
          message={errorMessageOf(requests.error, requests.error.message)}
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : (
        <Card>
          <CardContent>
            {!requests.isPending && requests.data.length === 0 ? (
              <EmptyState message={DATA_REQUEST_TEXTS.empty} />
            ) : (
              <DataRequestsTable requests={requests.data ?? []} loading={requests.isPending} />
            )}
          </CardContent>
        </Card>
      )}
      <RetentionReviewCard />
    </div>
  );
}

function Header() {
  return (
    <header className="kcf-page-header">
      <div>
        <h1 className="kcf-page-title">{DATA_REQUEST_TEXTS.title}</h1>
        <p className="kcf-page-subtitle">{DATA_REQUEST_TEXTS.subtitle}</p>
      </div>
    </header>
  );
}
