import { useState, type ReactNode } from 'react';
import { can, groupAuditLines } from '@kcf/contracts';
import { Button, Card, CardContent, EmptyState, ErrorCard, Skeleton } from '@kcf/ui';
import { DownloadIcon } from '@kcf/ui/icons';
import { errorMessageOf, useCurrentUser, useNotify } from '@kcf/web-kit';
import { useListParams } from '@kcf/web-kit/lists';
import { useAllUsers } from '../users/users-api';
import { AUDIT_PAGE_SIZE, downloadAuditCsv, useAuditPages, useVerifyAudit } from './audit-api';
import { AuditEntryItem } from './audit-entry-item';
import { AUDIT_FILTER_KEYS, auditParams, filtersOf, isFiltered, NO_FILTERS } from './audit-filters';
import { AuditFiltersCard } from './audit-filters-card';
import { AUDIT_TEXTS, verifyResultText } from './audit-texts';
import * as styles from './audit.module.css';

function EntriesSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="kcf-row kcf-row--nowrap">
          <Skeleton width="70%" height={16} />
          <Skeleton width={110} height={16} />
        </div>
      ))}
    </div>
  );
}

/** /audit, the Audit log (superadmin): who saw or changed what, newest first, with filters, export and verification. */
export function AuditLogPage() {
  const { user: me } = useCurrentUser();
  if (!can.readAudit(me?.role)) {
    return (
      <div className="kcf-stack">
        <Header />
        <EmptyState
          title="The Audit Log is for Super Admins"
          message="Ask a Super Admin if you need to know who changed a record."
        />
      </div>
    );
  }
  return <AuditLog />;
}

/** The log's query schema checks the address's filters in a chunk of its own, loaded only when the address holds one. */
const loadQuery = () => import(/* webpackChunkName: "audit-query" */ './audit-query').then((m) => m.AuditQuery);

function AuditLog() {
  const address = useListParams({ keys: AUDIT_FILTER_KEYS, schema: loadQuery, pageSize: AUDIT_PAGE_SIZE });
  const filters = filtersOf(address.values);
  const params = address.listed && auditParams(filtersOf(address.listed));
  const notify = useNotify();
  const users = useAllUsers();
  const log = useAuditPages(params);
  const verify = useVerifyAudit();
  const [exporting, setExporting] = useState(false);

  const setFilters = address.set;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(params ?? auditParams(filters));
      notify.success(AUDIT_TEXTS.exported);
    } catch (err) {
      notify.failure(err, AUDIT_TEXTS.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const onVerify = () => verify.mutate(undefined, { onError: (err) => notify.failure(err, AUDIT_TEXTS.verifyFailed) });

  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const lines = groupAuditLines(entries);
  // "Changes only" is the Action filter's change group, kept in the address like every filter.
  const changesOnly = filters.action === 'change';
  return (
    <div className="kcf-stack">
      <Header
        actions={
          <div className="kcf-row">
            <Button variant="outline" loading={verify.isPending} onClick={onVerify}>
              Verify integrity
            </Button>
            <Button variant="outline" icon={<DownloadIcon size={18} />} loading={exporting} onClick={onExport}>
              Export CSV
            </Button>
          </div>
        }
      />
      {verify.data && (
        <p
          role={verify.data.ok ? 'status' : 'alert'}
          className={`kcf-card ${styles.verify} ${verify.data.ok ? 'kcf-positive' : 'kcf-negative'}`}
        >
          {verifyResultText(verify.data)}
        </p>
      )}

      <AuditFiltersCard filters={filters} onChange={setFilters} users={users.data ?? []} />

      <label className={styles.changesOnly}>
        <input
          type="checkbox"
          checked={changesOnly}
          onChange={(e) => setFilters({ ...filters, action: e.target.checked ? 'change' : '' })}
        />
        {AUDIT_TEXTS.changesOnly}
      </label>

      {log.isError && !log.data ? (
        <ErrorCard
          title={AUDIT_TEXTS.loadFailed}
          message={errorMessageOf(log.error, log.error.message)}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : (
        <Card aria-busy={log.isPlaceholderData || undefined}>
          <CardContent>
            {log.isPending ? (
              <EntriesSkeleton rows={8} label="Loading activity" />
            ) : entries.length === 0 ? (
              isFiltered(filters) ? (
                <EmptyState
                  message={AUDIT_TEXTS.noMatch}
                  action={
                    <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                      {AUDIT_TEXTS.clearFilters}
                    </Button>
                  }
                />
              ) : (
                <EmptyState message={AUDIT_TEXTS.empty} />
              )
            ) : (
              <ul className={styles.entries} aria-label="Activity">
                {lines.map((line) => (
                  <AuditEntryItem key={line.id} line={line} />
                ))}
              </ul>
            )}
            {log.isFetchingNextPage && <EntriesSkeleton rows={3} label="Loading more activity" />}
          </CardContent>
          {log.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="outline"
                size="sm"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}

function Header({ actions }: { actions?: ReactNode }) {
  return (
    <header className="kcf-page-header">
      <div>
        <h1 className="kcf-page-title">Audit Log</h1>
        <p className="kcf-page-subtitle">Who saw or changed what, and when</p>
      </div>
      {actions}
    </header>
  );
}
