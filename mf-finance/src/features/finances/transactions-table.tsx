import { useEffect } from 'react';
import type { DashboardStats, Role } from '@kcf/contracts';
import { can } from '@kcf/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorCard,
  RowActions,
  SkeletonRows,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
} from '@kcf/ui';
import { FileIcon } from '@kcf/ui/icons';
import { formatDate, formatMoney, now, useDeleteConfirm } from '@kcf/web-kit';
import { useListParams } from '@kcf/web-kit/lists';
import * as layout from '../../shared/layout.module.css';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import {
  TRANSACTIONS_PAGE_SIZE,
  deleteExpense,
  deleteIncome,
  useRefreshFinance,
  useTransactionPages,
} from './finance-api';
import * as styles from './finances.module.css';
import { TransactionFilterBar } from './transaction-filter-bar';
import {
  NO_FILTERS,
  TRANSACTION_LIST_KEYS,
  emptyListText,
  filtersOf,
  initialValues,
  listParams,
  sortOf,
  toggleSort,
  valuesOf,
  type TransactionFilters,
  type TransactionSort,
} from './transaction-filters';
import { TRANSACTION_FILTERS, transactionRow, type Transaction } from './transactions';

interface TransactionsTableProps {
  role?: Role;
  onEdit: (transaction: Transaction) => void;
  /** The totals, to tell a list with no transactions at all from one whose filters found none. */
  stats?: DashboardStats;
}

/** The query schema checks the address's filters in a chunk of its own, loaded only when the address holds one. */
const loadQuery = () =>
  import(/* webpackChunkName: "transaction-query" */ './transaction-query').then((m) => m.TransactionListQuery);
const opening = () => initialValues(now());

/**
 * Recent Transactions: income and expenses together, searched, filtered by date range and the
 * All/Income/Expenses buttons, sorted by date or amount and paged, all by the server. The filters, the order and
 * the rows shown are kept in the address (this month when it says nothing), so a reload or a link gives the same list.
 */
export function TransactionsTable({ role, onEdit, stats }: TransactionsTableProps) {
  const params = useListParams({
    keys: TRANSACTION_LIST_KEYS,
    schema: loadQuery,
    initial: opening,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  });
  const filters = filtersOf(params.values);
  const sort = sortOf(params.values);
  const onFiltersChange = (next: TransactionFilters) => params.set(valuesOf(next, sort));
  const onSortChange = (next: TransactionSort) => params.set(valuesOf(filters, next));
  const list = useTransactionPages(
    params.listed && listParams(filtersOf(params.listed), sortOf(params.listed)),
    params.firstPageLimit,
  );
  const refresh = useRefreshFinance();
  const remove = useDeleteConfirm<Transaction>({
    title: (row) => (row.type === 'income' ? 'Delete Income' : 'Delete Expense'),
    message: (row) =>
      `Are you sure you want to delete this ${row.type === 'income' ? 'income entry' : 'expense'} (${formatMoney(row.amount, 'KSH')}, ${formatDate(row.date)})? This action cannot be undone.`,
    run: (row) => (row.type === 'income' ? deleteIncome(row.record.id) : deleteExpense(row.record.id)),
    after: () => void refresh(),
    successMessage: (row) =>
      row.type === 'income' ? 'Income entry deleted successfully' : 'Expense deleted successfully',
    failureMessage: (row) => (row.type === 'income' ? 'Failed to delete income entry' : 'Failed to delete expense'),
    failureToast: FINANCE_FAILURE,
  });

  const loading = list.isPending;
  const shown = list.data?.pages.reduce((n, page) => n + page.items.length, 0) ?? 0;
  const { showRows } = params;
  useEffect(() => showRows(shown), [showRows, shown]);
  const failed = list.data ? null : list.error;
  const rows = list.data?.pages.flatMap((page) => page.items.map(transactionRow)) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const empty = emptyListText(filters, stats);
  const sortedBy = (field: TransactionSort['sort']) => (sort.sort === field ? sort.dir : false);
  const mayEdit = can.write(role);
  const mayDelete = can.delete(role);

  return (
    <Card>
      <CardHeader className={layout.cardHeader}>
        <CardTitle>Recent Transactions</CardTitle>
        <div className="kcf-row" role="group" aria-label="Show transactions">
          {TRANSACTION_FILTERS.map(({ value, label }) => (
            <Button
              key={value}
              size="sm"
              variant={filters.type === value ? 'primary' : 'outline'}
              aria-pressed={filters.type === value}
              onClick={() => onFiltersChange({ ...filters, type: value })}
            >
              {label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="kcf-stack">
        <TransactionFilterBar filters={filters} onChange={onFiltersChange} errors={params.errors} />
        {failed ? (
          <ErrorCard
            title="Transactions could not be loaded"
            message={failed.message}
            onRetry={() => void list.refetch()}
          />
        ) : !loading && rows.length === 0 ? (
          <EmptyState
            message={empty.text}
            action={
              empty.clearable ? (
                <Button variant="outline" size="sm" onClick={() => onFiltersChange(NO_FILTERS)}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Table
            aria-label="Recent Transactions"
            aria-busy={loading || list.isPlaceholderData || undefined}
            keyColumn={2}
          >
            <THead>
              <Tr>
                <Th>Type</Th>
                <Th>Description</Th>
                <Th>Category/Source</Th>
                <Th align="right" sort={sortedBy('amount')} onSort={() => onSortChange(toggleSort(sort, 'amount'))}>
                  Amount
                </Th>
                <Th sort={sortedBy('date')} onSort={() => onSortChange(toggleSort(sort, 'date'))}>
                  Date
                </Th>
                <Th>Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {loading ? (
                <SkeletonRows rows={4} widths={[70, 180, 120, 100, 90, 60]} />
              ) : (
                rows.map((row) => (
                  <Tr key={row.key}>
                    <Td>
                      <Badge tone={row.type === 'income' ? 'green' : 'red'}>
                        {row.type === 'income' ? 'Income' : 'Expense'}
                      </Badge>
                    </Td>
                    <Td>{row.description}</Td>
                    <Td>{row.categoryOrSource}</Td>
                    <Td
                      align="right"
                      className={`${row.type === 'income' ? 'kcf-positive' : 'kcf-negative'} ${layout.nowrap} ${layout.strong}`}
                    >
                      {row.type === 'income' ? '+' : '-'}
                      {formatMoney(row.amount, 'KSH')}
                    </Td>
                    <Td className={layout.nowrap}>{formatDate(row.date)}</Td>
                    <Td>
                      <div className={`kcf-row kcf-row--nowrap ${layout.actions}`}>
                        {row.type === 'expense' && row.record.receiptUrl && (
                          <a
                            className="kcf-btn kcf-btn--ghost kcf-btn--sm kcf-icon-btn"
                            href={row.record.receiptUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={`View receipt of ${row.description}`}
                            title="View receipt"
                          >
                            <FileIcon />
                          </a>
                        )}
                        <RowActions
                          name={`${row.type} ${row.description}`}
                          onEdit={mayEdit ? () => onEdit(row) : undefined}
                          onDelete={mayDelete ? () => remove.ask(row) : undefined}
                        />
                      </div>
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
        )}
        {!failed && !loading && rows.length > 0 && (
          <div className={styles.footer}>
            <span className="kcf-muted kcf-small">
              Showing {rows.length} of {total}
            </span>
            {list.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </div>
        )}
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
