import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Beneficiary, BeneficiarySortField } from '@kcf/contracts';
import { Button, Card, EmptyState, ErrorCard } from '@kcf/ui';
import { DownloadIcon, PlusIcon } from '@kcf/ui/icons';
import { useDeleteConfirm, useNotify } from '@kcf/web-kit';
import { useListParams } from '@kcf/web-kit/lists';
import { loadErrorText } from '../../../shared/load-error';
import { usePermissions } from '../../../shared/use-permissions';
import {
  deleteBeneficiary,
  LIST_PAGE_SIZE,
  listParams,
  refreshAfterBeneficiaryChange,
  useBeneficiaryPages,
  type ListFilters,
} from '../api';
import * as styles from '../beneficiaries.module.css';
import { BeneficiaryFilters } from './beneficiary-filters';
import { BeneficiariesTable } from './beneficiaries-table';
import { downloadBeneficiariesCsv } from './export-csv';
import { BENEFICIARY_LIST_KEYS, emptyListText, hasFilters, stateOf, toggleSort, valuesOf } from './list-state';

// The form and its validation (zod) load when the dialog is first opened, not with the list.
const BeneficiaryDialog = lazy(() => import(/* webpackChunkName: "beneficiary-dialog" */ '../form/beneficiary-dialog'));
/** The query schema checks the address's filters in a chunk of its own, loaded only when the address holds one. */
const loadQuery = () =>
  import(/* webpackChunkName: "beneficiary-list-query" */ './beneficiary-list-query').then(
    (m) => m.BeneficiaryListQuery,
  );

const FIRST_LOAD_SKELETON_ROWS = 8;
const MORE_SKELETON_ROWS = 3;

export { EMPTY_LIST_TEXT } from './list-state';

const NO_FILTERS: ListFilters = { search: '', county: '', schoolStatus: '', specialNeeds: '', consent: '' };

type Editing = { mode: 'create' } | { mode: 'edit'; beneficiary: Beneficiary } | null;

/**
 * /beneficiaries: filters, Export, Add, the sortable table a page at a time, row actions by role. The filters, the
 * sort and the rows shown are kept in the address (Back, a reload and a shared link give the same list). The
 * beneficiary role's list holds its one child: no filters and no sorting.
 */
export function BeneficiariesListPage() {
  const params = useListParams({ keys: BENEFICIARY_LIST_KEYS, schema: loadQuery, pageSize: LIST_PAGE_SIZE });
  const { filters, sort } = stateOf(params.values);
  const listed = params.listed && stateOf(params.listed);
  const { canExport, canWrite, canDelete, listsAllChildren } = usePermissions();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNotify();
  const list = useBeneficiaryPages(listed, params.firstPageLimit);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteConfirm<Beneficiary>({
    title: 'Delete Beneficiary',
    message: (b) => `Are you sure you want to delete ${b.fullName}? This action cannot be undone.`,
    run: (b) => deleteBeneficiary(b.id),
    after: () => refreshAfterBeneficiaryChange(client),
    successMessage: 'Beneficiary deleted successfully',
    // The toast shows the server's message or 'Failed to delete beneficiary'.
    failureMessage: 'Failed to delete beneficiary',
  });
  const [exporting, setExporting] = useState(false);

  const setFilters = (next: ListFilters) => params.set(valuesOf(next, sort));
  const onSort = (field: BeneficiarySortField) => params.set(valuesOf(filters, toggleSort(sort, field)));

  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const firstLoad = list.isPending;
  const { showRows } = params;
  useEffect(() => showRows(rows.length), [showRows, rows.length]);

  const onExport = async () => {
    if (!firstLoad && total === 0) {
      notify.info('No Data', 'No beneficiaries to export');
      return;
    }
    setExporting(true);
    try {
      // The export has the list's filters and sort (those the address holds that the server takes).
      const asked = listed ?? { filters, sort };
      await downloadBeneficiariesCsv(listParams(asked.filters, asked.sort));
      notify.info('Export Successful', 'Beneficiaries data exported to Excel file successfully');
    } catch (err) {
      notify.failure(err, 'Failed to export beneficiaries');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="kcf-stack">
      <header className="kcf-page-header">
        <div>
          <h1 className="kcf-page-title">Beneficiaries</h1>
          <p className="kcf-page-subtitle" aria-live="polite">
            {firstLoad ? '\u00a0' : `${total} ${total === 1 ? 'beneficiary' : 'beneficiaries'}`}
          </p>
        </div>
        <div className="kcf-row">
          {canExport && (
            <Button variant="outline" icon={<DownloadIcon size={18} />} loading={exporting} onClick={onExport}>
              Export
            </Button>
          )}
          {canWrite && (
            <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ mode: 'create' })}>
              Add Beneficiary
            </Button>
          )}
        </div>
      </header>

      {listsAllChildren && <BeneficiaryFilters filters={filters} onChange={setFilters} errors={params.errors} />}

      {list.isError && !list.data ? (
        <ErrorCard
          title="Could not load beneficiaries"
          message={loadErrorText(list.error)}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <Card className={styles.tableCard}>
          <BeneficiariesTable
            rows={rows}
            sort={sort}
            onSort={listsAllChildren ? onSort : undefined}
            skeletonRows={firstLoad ? FIRST_LOAD_SKELETON_ROWS : list.isFetchingNextPage ? MORE_SKELETON_ROWS : 0}
            busy={list.isPlaceholderData}
            canWrite={canWrite}
            canDelete={canDelete}
            onView={(b) => navigate(`/beneficiaries/${encodeURIComponent(b.id)}`)}
            onEdit={(b) => setEditing({ mode: 'edit', beneficiary: b })}
            onDelete={remove.ask}
            empty={
              <EmptyState
                message={emptyListText(filters)}
                action={
                  hasFilters(filters) ? (
                    <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                      Clear filters
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          {!firstLoad && rows.length > 0 && (
            <div className={styles.footer}>
              <span className="kcf-muted kcf-small">
                Showing {rows.length} of {total}
              </span>
              {list.hasNextPage && (
                <Button
                  variant="outline"
                  size="sm"
                  loading={list.isFetchingNextPage}
                  onClick={() => list.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </div>
          )}
        </Card>
      )}

      {editing && (
        <Suspense fallback={null}>
          <BeneficiaryDialog
            beneficiary={editing.mode === 'edit' ? editing.beneficiary : null}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}

      {remove.dialog}
    </div>
  );
}
