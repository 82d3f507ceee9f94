import { useState } from 'react';
import type { Role } from '@kcf/contracts';
import { can } from '@kcf/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  EmptyState,
  ErrorCard,
  IconButton,
  Skeleton,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
} from '@kcf/ui';
import { formatDate, formatMoney } from '@kcf/web-kit';
import { EditIcon, FileIcon, TrashIcon } from '../../shared/icons';
import { useNotify } from '../../shared/use-notify';
import { deleteExpense, deleteIncome, useExpensesPage, useIncomePage, useRefreshFinance } from './finance-api';
import { TRANSACTION_FILTERS, transactionsFor, type Transaction, type TransactionFilter } from './transactions';

const PAGE = 50;

interface TransactionsTableProps {
  role?: Role;
  onEdit: (transaction: Transaction) => void;
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2, 3].map((i) => (
        <Tr key={i}>
          {[70, 180, 120, 100, 90, 60].map((width, j) => (
            <Td key={j}>
              <Skeleton width={width} height={16} />
            </Td>
          ))}
        </Tr>
      ))}
    </>
  );
}

/** Recent Transactions: income and expenses together, filtered by the All/Income/Expenses buttons. */
export function TransactionsTable({ role, onEdit }: TransactionsTableProps) {
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const [busy, setBusy] = useState(false);
  const income = useIncomePage(limit);
  const expenses = useExpensesPage(limit);
  const notify = useNotify();
  const refresh = useRefreshFinance();

  const loading = income.isPending || expenses.isPending;
  const failed = income.error ?? expenses.error;
  const rows = transactionsFor(income.data?.items ?? [], expenses.data?.items ?? [], filter);
  const more =
    (filter !== 'expense' && (income.data?.total ?? 0) > (income.data?.items.length ?? 0)) ||
    (filter !== 'income' && (expenses.data?.total ?? 0) > (expenses.data?.items.length ?? 0));
  const mayEdit = can.write(role);
  const mayDelete = can.delete(role);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      if (deleting.type === 'income') {
        await deleteIncome(deleting.record.id);
        notify.success('Income entry deleted successfully');
      } else {
        await deleteExpense(deleting.record.id);
        notify.success('Expense deleted successfully');
      }
      void refresh();
      setDeleting(null);
    } catch (err) {
      notify.failure(err, deleting.type === 'income' ? 'Failed to delete income entry' : 'Failed to delete expense');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader style={{ flexWrap: 'wrap' }}>
        <CardTitle>Recent Transactions</CardTitle>
        <div className="kcf-row" role="group" aria-label="Show transactions">
          {TRANSACTION_FILTERS.map(({ value, label }) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? 'primary' : 'outline'}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {failed ? (
          <ErrorCard
            title="Transactions could not be loaded"
            message={failed.message}
            onRetry={() => {
              void income.refetch();
              void expenses.refetch();
            }}
          />
        ) : !loading && rows.length === 0 ? (
          <EmptyState message="No transactions found. Start by adding your first transaction." />
        ) : (
          <Table aria-label="Recent Transactions" aria-busy={loading || undefined}>
            <THead>
              <Tr>
                <Th>Type</Th>
                <Th>Description</Th>
                <Th>Category/Source</Th>
                <Th align="right">Amount</Th>
                <Th>Date</Th>
                <Th>Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {loading ? (
                <SkeletonRows />
              ) : (
                rows.map((row) => (
                  <Tr key={row.key}>
                    <Td>
                      <Badge tone={row.type === 'income' ? 'green' : 'red'}>{row.type === 'income' ? 'Income' : 'Expense'}</Badge>
                    </Td>
                    <Td>{row.description}</Td>
                    <Td>{row.categoryOrSource}</Td>
                    <Td align="right" className={row.type === 'income' ? 'kcf-positive' : 'kcf-negative'} style={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {row.type === 'income' ? '+' : '-'}
                      {formatMoney(row.amount, 'KSH')}
                    </Td>
                    <Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Td>
                    <Td>
                      <div className="kcf-row" style={{ flexWrap: 'nowrap', gap: 4 }}>
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
                        {mayEdit && (
                          <IconButton size="sm" label={`Edit ${row.type} ${row.description}`} title="Edit" onClick={() => onEdit(row)}>
                            <EditIcon />
                          </IconButton>
                        )}
                        {mayDelete && (
                          <IconButton size="sm" label={`Delete ${row.type} ${row.description}`} title="Delete" onClick={() => setDeleting(row)}>
                            <TrashIcon />
                          </IconButton>
                        )}
                      </div>
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
        )}
        {more && !failed && (
          <div className="kcf-row" style={{ justifyContent: 'center', marginTop: 16 }}>
            <Button variant="outline" size="sm" loading={income.isFetching || expenses.isFetching} onClick={() => setLimit((n) => n + PAGE)}>
              Show more
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.type === 'income' ? 'Delete Income' : 'Delete Expense'}
        message={
          deleting
            ? `Are you sure you want to delete this ${deleting.type === 'income' ? 'income entry' : 'expense'} (${formatMoney(deleting.amount, 'KSH')}, ${formatDate(deleting.date)})? This action cannot be undone.`
            : ''
        }
        loading={busy}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
