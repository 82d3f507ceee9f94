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
import { formatDate, formatMoney, useDeleteConfirm } from '@kcf/web-kit';
import * as layout from '../../shared/layout.module.css';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { deleteExpense, deleteIncome, useExpensesPage, useIncomePage, useRefreshFinance } from './finance-api';
import * as styles from './finances.module.css';
import { TRANSACTION_FILTERS, transactionsFor, type Transaction, type TransactionFilter } from './transactions';

const PAGE = 50;

interface TransactionsTableProps {
  role?: Role;
  onEdit: (transaction: Transaction) => void;
}

/** Recent Transactions: income and expenses together, filtered by the All/Income/Expenses buttons. */
export function TransactionsTable({ role, onEdit }: TransactionsTableProps) {
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const income = useIncomePage(limit);
  const expenses = useExpensesPage(limit);
  const refresh = useRefreshFinance();
  const remove = useDeleteConfirm<Transaction>({
    title: (row) => (row.type === 'income' ? 'Delete Income' : 'Delete Expense'),
    message: (row) =>
      `Are you sure you want to delete this ${row.type === 'income' ? 'income entry' : 'expense'} (${formatMoney(row.amount, 'KSH')}, ${formatDate(row.date)})? This action cannot be undone.`,
    run: (row) => (row.type === 'income' ? deleteIncome(row.record.id) : deleteExpense(row.record.id)),
    after: () => void refresh(),
    successMessage: (row) => (row.type === 'income' ? 'Income entry deleted successfully' : 'Expense deleted successfully'),
    failureMessage: (row) => (row.type === 'income' ? 'Failed to delete income entry' : 'Failed to delete expense'),
    failureToast: FINANCE_FAILURE,
  });

  const loading = income.isPending || expenses.isPending;
  const failed = income.error ?? expenses.error;
  const rows = transactionsFor(income.data?.items ?? [], expenses.data?.items ?? [], filter);
  const more =
    (filter !== 'expense' && (income.data?.total ?? 0) > (income.data?.items.length ?? 0)) ||
    (filter !== 'income' && (expenses.data?.total ?? 0) > (expenses.data?.items.length ?? 0));
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
                <SkeletonRows rows={4} widths={[70, 180, 120, 100, 90, 60]} />
              ) : (
                rows.map((row) => (
                  <Tr key={row.key}>
                    <Td>
                      <Badge tone={row.type === 'income' ? 'green' : 'red'}>{row.type === 'income' ? 'Income' : 'Expense'}</Badge>
                    </Td>
                    <Td>{row.description}</Td>
                    <Td>{row.categoryOrSource}</Td>
                    <Td align="right" className={`${row.type === 'income' ? 'kcf-positive' : 'kcf-negative'} ${layout.nowrap} ${layout.strong}`}>
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
        {more && !failed && (
          <div className={`kcf-row ${styles.more}`}>
            <Button variant="outline" size="sm" loading={income.isFetching || expenses.isFetching} onClick={() => setLimit((n) => n + PAGE)}>
              Show more
            </Button>
          </div>
        )}
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
