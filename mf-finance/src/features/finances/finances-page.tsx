import { lazy, Suspense, useEffect, useState } from 'react';
import { can, type CurrentUser } from '@kcf/contracts';
import { Button, DialogLoading, ErrorCard, Input, PageHeader, Stack } from '@kcf/ui';
import { FileIcon, MinusIcon, PlusIcon } from '@kcf/ui/icons';
import { now, useCurrentUser, whenIdle } from '@kcf/web-kit';
import * as layout from '../../shared/layout.module.css';
import { useStats } from './finance-api';
import * as styles from './finances.module.css';
import { monthRange } from './monthly-report';
import { SummaryCards } from './summary-cards';
import { TransactionsTable } from './transactions-table';
import type { Transaction } from './transactions';
import { useMonthlyReport } from './use-monthly-report';

// The forms (and the schemas they check with) are not needed to draw the page: for staff who may write they
// load once the page is idle (so they open at once, and also without a connection), or sooner when pointed at.
const loadIncomeDialog = () => import(/* webpackChunkName: "income-dialog" */ './income-dialog');
const loadExpenseDialog = () => import(/* webpackChunkName: "expense-dialog" */ './expense-dialog');
const IncomeDialog = lazy(() => loadIncomeDialog().then((m) => ({ default: m.IncomeDialog })));
const ExpenseDialog = lazy(() => loadExpenseDialog().then((m) => ({ default: m.ExpenseDialog })));
/** Start a form's code ahead of the click; a failure is left for the click to show. */
const warmIncomeForm = () => void loadIncomeDialog().catch(() => undefined);
const warmExpenseForm = () => void loadExpenseDialog().catch(() => undefined);

type Editing =
  | { kind: 'income'; record: Extract<Transaction, { type: 'income' }>['record'] | null }
  | { kind: 'expense'; record: Extract<Transaction, { type: 'expense' }>['record'] | null }
  | null;

/** The /finances page. */
export function FinancesPage() {
  const { user } = useCurrentUser<CurrentUser>();
  const stats = useStats();
  const report = useMonthlyReport();
  const [editing, setEditing] = useState<Editing>(null);
  const [reportMonth, setReportMonth] = useState(() => monthRange(now()).from.slice(0, 7));
  const mayWrite = can.write(user?.role);
  useEffect(() => {
    if (!mayWrite) return undefined;
    return whenIdle(() => {
      warmIncomeForm();
      warmExpenseForm();
    });
  }, [mayWrite]);

  const onEdit = (row: Transaction) =>
    setEditing(
      row.type === 'income' ? { kind: 'income', record: row.record } : { kind: 'expense', record: row.record },
    );
  const close = () => setEditing(null);

  return (
    <Stack gap={5}>
      <PageHeader
        className={layout.header}
        title="Finances"
        subtitle="Income, expenses and the foundation's balance"
        actions={
          <>
            {mayWrite && (
              <>
                <Button
                  icon={<PlusIcon />}
                  onPointerEnter={warmIncomeForm}
                  onFocus={warmIncomeForm}
                  onClick={() => setEditing({ kind: 'income', record: null })}
                >
                  Add Income
                </Button>
                <Button
                  variant="danger"
                  icon={<MinusIcon />}
                  onPointerEnter={warmExpenseForm}
                  onFocus={warmExpenseForm}
                  onClick={() => setEditing({ kind: 'expense', record: null })}
                >
                  Add Expense
                </Button>
              </>
            )}
            <Input
              type="month"
              aria-label="Report month"
              className={styles.reportMonth}
              value={reportMonth}
              max={monthRange(now()).from.slice(0, 7)}
              onChange={(e) => setReportMonth(e.target.value)}
            />
            <Button
              variant="outline"
              icon={<FileIcon />}
              loading={report.running}
              onClick={() => void report.run(reportMonth || undefined)}
            >
              Monthly Report
            </Button>
          </>
        }
      />

      {stats.error ? (
        <ErrorCard
          title="Totals could not be loaded"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <SummaryCards stats={stats.data} />
      )}

      <TransactionsTable role={user?.role} onEdit={onEdit} stats={stats.data} />

      {editing && (
        <Suspense fallback={<DialogLoading />}>
          {editing.kind === 'income' ? (
            <IncomeDialog income={editing.record} onClose={close} />
          ) : (
            <ExpenseDialog expense={editing.record} onClose={close} />
          )}
        </Suspense>
      )}
    </Stack>
  );
}
