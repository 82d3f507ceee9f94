import { useId, useState } from 'react';
import {
  DEFAULT_TERM,
  budgetYearRange,
  can,
  categoryLabel,
  currentYear,
  type BudgetItem,
  type CurrentUser,
  type Term,
} from '@kcf/contracts';
import { Button, ErrorCard, Select } from '@kcf/ui';
import { PlusIcon, SyncIcon } from '@kcf/ui/icons';
import { now, useCurrentUser, useDeleteConfirm, useNotify } from '@kcf/web-kit';
import * as layout from '../../shared/layout.module.css';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { deleteBudget, recalculateBudgets, useBudgets, useRefreshBudgets } from './budget-api';
import { BudgetBreakdown } from './budget-breakdown';
import { BudgetDetailsDialog } from './budget-details-dialog';
import { BudgetFormDialog } from './budget-form-dialog';
import { budgetsFor, termSummaries } from './budget-summary';
import { useBudgetReportDownload } from './reports/download-report';
import * as styles from './budget.module.css';
import { TermCards } from './term-cards';

/** The years the selector offers, newest first: every year a budget may name (and the chosen one). */
export function yearOptions(at: Date, chosen: number): string[] {
  const years = new Set([...budgetYearRange(at).years, chosen]);
  return [...years].sort((a, b) => b - a).map(String);
}

/** The /budget page: one year at a time (this year unless another is chosen). */
export function BudgetPage() {
  const { user } = useCurrentUser<CurrentUser>();
  const thisYear = currentYear(now());
  const [year, setYear] = useState(thisYear);
  const yearId = useId();
  const budgets = useBudgets(year);
  const refresh = useRefreshBudgets();
  const notify = useNotify();
  const reports = useBudgetReportDownload();
  const [term, setTerm] = useState<Term>(DEFAULT_TERM);
  const [syncing, setSyncing] = useState(false);
  const [form, setForm] = useState<{ budget: BudgetItem | null } | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const remove = useDeleteConfirm<BudgetItem>({
    title: 'Delete Budget',
    message: (b) =>
      `Are you sure you want to delete the ${categoryLabel(b.category)} budget for ${b.quarter}? This action cannot be undone.`,
    run: (b) => deleteBudget(b.id),
    after: () => refresh(),
    successMessage: 'Budget item deleted successfully',
    failureMessage: 'Failed to delete budget item',
    failureToast: FINANCE_FAILURE,
  });
  const mayEdit = can.write(user?.role);
  const mayDelete = can.delete(user?.role);

  const all = budgets.data;
  const viewing = all?.find((b) => b.id === viewingId) ?? null;
  const closeForm = (saved?: BudgetItem) => {
    setForm(null);
    // A new or moved budget is shown where it now is.
    if (saved) {
      setYear(saved.year);
      setTerm(saved.quarter);
    }
  };

  const sync = async () => {
    setSyncing(true);
    try {
      await recalculateBudgets();
      await refresh();
      notify.success('Budget amounts recalculated from actual expenses');
    } catch {
      notify.error('Error', 'Failed to recalculate budget amounts');
    } finally {
      setSyncing(false);
    }
  };

  return (
    <div className={`kcf-stack ${layout.page}`}>
      <header className={`kcf-page-header ${layout.header}`}>
        <div>
          <h1 className="kcf-page-title">Budget</h1>
          <p className="kcf-page-subtitle">Budget planning and tracking for {year}</p>
          <p className={`kcf-small kcf-muted ${styles.pageNote}`}>
            Used amounts are calculated from actual expenses.{mayEdit && ' Click Sync with Expenses to update them.'}
          </p>
        </div>
        <div className="kcf-row">
          <div className={`kcf-row kcf-row--nowrap ${styles.yearPicker}`}>
            <label htmlFor={yearId} className="kcf-small kcf-muted">
              Year
            </label>
            <Select
              id={yearId}
              value={String(year)}
              onChange={(e) => setYear(Number(e.target.value))}
              options={yearOptions(now(), year)}
            />
          </div>
          {mayEdit && (
            <Button variant="outline" icon={<SyncIcon />} disabled={syncing} onClick={() => void sync()}>
              {syncing ? 'Updating...' : 'Sync with Expenses'}
            </Button>
          )}
          {mayEdit && (
            <Button icon={<PlusIcon />} onClick={() => setForm({ budget: null })}>
              Create Budget
            </Button>
          )}
        </div>
      </header>

      {budgets.error ? (
        <ErrorCard
          title="Budgets could not be loaded"
          message={budgets.error.message}
          onRetry={() => void budgets.refetch()}
        />
      ) : (
        <>
          <TermCards
            summaries={all ? termSummaries(all, year) : undefined}
            running={reports.running}
            onPdf={(t) => void reports.download({ type: 'termly', term: t, year }, 'pdf')}
          />
          <BudgetBreakdown
            term={term}
            onTermChange={setTerm}
            year={year}
            items={all ? budgetsFor(all, term, year) : undefined}
            mayEdit={mayEdit}
            mayDelete={mayDelete}
            onView={(item) => setViewingId(item.id)}
            onEdit={(item) => setForm({ budget: item })}
            onDelete={remove.ask}
            onAnnual={(format) => void reports.download({ type: 'yearly', year }, format)}
            running={reports.running}
          />
        </>
      )}

      {form && <BudgetFormDialog budget={form.budget} defaultTerm={term} defaultYear={year} onClose={closeForm} />}
      <BudgetDetailsDialog budget={viewing} onOpenChange={(open) => !open && setViewingId(null)} mayEdit={mayEdit} />
      {remove.dialog}
    </div>
  );
}
