import { useState } from 'react';
import { DEFAULT_TERM, can, categoryLabel, currentYear, type BudgetItem, type CurrentUser, type Term } from '@kcf/contracts';
import { Button, ConfirmDialog, ErrorCard, useToast } from '@kcf/ui';
import { useCurrentUser } from '@kcf/web-kit';
import { PlusIcon, SyncIcon } from '../../shared/icons';
import { useNotify } from '../../shared/use-notify';
import { deleteBudget, recalculateBudgets, useBudgets, useRefreshBudgets } from './budget-api';
import { BudgetBreakdown } from './budget-breakdown';
import { BudgetDetailsDialog } from './budget-details-dialog';
import { BudgetFormDialog } from './budget-form-dialog';
import { budgetsFor, termSummaries } from './budget-summary';
import { useBudgetReportDownload } from './reports/download-report';
import { TermCards } from './term-cards';

/** /budget (spec §2 Budget). */
export function BudgetPage() {
  const { user } = useCurrentUser<CurrentUser>();
  const year = currentYear(new Date());
  const budgets = useBudgets();
  const refresh = useRefreshBudgets();
  const notify = useNotify();
  const { toast } = useToast();
  const reports = useBudgetReportDownload();
  const [term, setTerm] = useState<Term>(DEFAULT_TERM);
  const [syncing, setSyncing] = useState(false);
  const [form, setForm] = useState<{ budget: BudgetItem | null } | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BudgetItem | null>(null);
  const [busy, setBusy] = useState(false);
  const mayEdit = can.write(user?.role);
  const mayDelete = can.delete(user?.role);

  const all = budgets.data;
  const viewing = all?.find((b) => b.id === viewingId) ?? null;

  const sync = async () => {
    setSyncing(true);
    try {
      await recalculateBudgets();
      await refresh();
      notify.success('Budget amounts recalculated from actual expenses');
    } catch {
      toast({ title: 'Error', description: 'Failed to recalculate budget amounts', variant: 'destructive' });
    } finally {
      setSyncing(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteBudget(deleting.id);
      notify.success('Budget item deleted successfully');
      await refresh();
      setDeleting(null);
    } catch (err) {
      notify.failure(err, 'Failed to delete budget item');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kcf-stack" style={{ gap: 24 }}>
      <header className="kcf-page-header" style={{ marginBottom: 0 }}>
        <div>
          <h1 className="kcf-page-title">Budget</h1>
          <p className="kcf-page-subtitle">Budget planning and tracking for {year}</p>
          <p className="kcf-small kcf-muted" style={{ margin: '4px 0 0' }}>
            Used amounts are calculated from actual expenses. Click Sync with Expenses to update them.
          </p>
        </div>
        <div className="kcf-row">
          <Button variant="outline" icon={<SyncIcon />} disabled={syncing} onClick={() => void sync()}>
            {syncing ? 'Updating...' : 'Sync with Expenses'}
          </Button>
          {mayEdit && (
            <Button icon={<PlusIcon />} onClick={() => setForm({ budget: null })}>
              Create Budget
            </Button>
          )}
        </div>
      </header>

      {budgets.error ? (
        <ErrorCard title="Budgets could not be loaded" message={budgets.error.message} onRetry={() => void budgets.refetch()} />
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
            onDelete={setDeleting}
            onAnnual={(format) => void reports.download({ type: 'yearly', year }, format)}
            running={reports.running}
          />
        </>
      )}

      <BudgetFormDialog open={form !== null} onOpenChange={(open) => !open && setForm(null)} budget={form?.budget} defaultTerm={term} />
      <BudgetDetailsDialog budget={viewing} onOpenChange={(open) => !open && setViewingId(null)} mayEdit={mayEdit} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Budget"
        message={
          deleting
            ? `Are you sure you want to delete the ${categoryLabel(deleting.category)} budget for ${deleting.quarter}? This action cannot be undone.`
            : ''
        }
        loading={busy}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
