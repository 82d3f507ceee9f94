import { useState } from 'react';
import { can, type CurrentUser } from '@kcf/contracts';
import { Button, ErrorCard } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { FileIcon, MinusIcon, PlusIcon } from '../../shared/icons';
import { ExpenseDialog } from './expense-dialog';
import { useStats } from './finance-api';
import { IncomeDialog } from './income-dialog';
import { SummaryCards } from './summary-cards';
import { TransactionsTable } from './transactions-table';
import type { Transaction } from './transactions';
import { useMonthlyReport } from './use-monthly-report';

type Editing =
  | { kind: 'income'; record: Extract<Transaction, { type: 'income' }>['record'] | null }
  | { kind: 'expense'; record: Extract<Transaction, { type: 'expense' }>['record'] | null }
  | null;

/** /finances (spec §2 Finances). */
export function FinancesPage() {
  const { user } = useCurrentUser<CurrentUser>();
  const stats = useStats();
  const report = useMonthlyReport();
  const [editing, setEditing] = useState<Editing>(null);
  const mayWrite = can.write(user?.role);

  const onEdit = (row: Transaction) =>
    setEditing(row.type === 'income' ? { kind: 'income', record: row.record } : { kind: 'expense', record: row.record });
  const close = (open: boolean) => !open && setEditing(null);

  return (
    <div className="kcf-stack" style={{ gap: 24 }}>
      <header className="kcf-page-header" style={{ marginBottom: 0 }}>
        <div>
          <h1 className="kcf-page-title">Finances</h1>
          <p className="kcf-page-subtitle">Income, expenses and the foundation's balance</p>
        </div>
        <div className="kcf-row">
          {mayWrite && (
            <>
              <Button icon={<PlusIcon />} onClick={() => setEditing({ kind: 'income', record: null })}>
                Add Income
              </Button>
              <Button variant="danger" icon={<MinusIcon />} onClick={() => setEditing({ kind: 'expense', record: null })}>
                Add Expense
              </Button>
            </>
          )}
          <Button variant="outline" icon={<FileIcon />} loading={report.running} onClick={() => void report.run()}>
            Monthly Report
          </Button>
        </div>
      </header>

      {stats.error ? (
        <ErrorCard title="Totals could not be loaded" message={stats.error.message} onRetry={() => void stats.refetch()} />
      ) : (
        <SummaryCards stats={stats.data} />
      )}

      <TransactionsTable role={user?.role} onEdit={onEdit} />

      <IncomeDialog open={editing?.kind === 'income'} onOpenChange={close} income={editing?.kind === 'income' ? editing.record : null} />
      <ExpenseDialog open={editing?.kind === 'expense'} onOpenChange={close} expense={editing?.kind === 'expense' ? editing.record : null} />
    </div>
  );
}
