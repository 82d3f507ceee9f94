import { useState, type ReactNode } from 'react';
import {
  BudgetInlineEditBody,
  TERM_MONTH_LABELS,
  categoryLabel,
  exceededAmount,
  type BudgetItem,
} from '@kcf/contracts';
import { Button, Dialog } from '@kcf/ui';
import { PencilIcon, WarningIcon } from '@kcf/ui/icons';
import { formatMoney, useForm } from '@kcf/web-kit';
import * as layout from '../../shared/layout.module.css';
import { FINANCE_FAILURE } from '../../shared/save-toasts';
import { updateBudget, useRefreshBudgets } from './budget-api';
import { PlannedFields } from './planned-fields';
import * as styles from './budget.module.css';
import { percentWithOneDecimal, summarise } from './budget-summary';
import { UsageBar } from './usage-bar';

interface BudgetDetailsDialogProps {
  budget: BudgetItem | null;
  onOpenChange: (open: boolean) => void;
  mayEdit: boolean;
}

/** View: the item's figures and usage bar, with inline editing of the planned amount and notes. */
export function BudgetDetailsDialog({ budget, onOpenChange, mayEdit }: BudgetDetailsDialogProps) {
  return (
    <Dialog open={budget !== null} onOpenChange={onOpenChange} title="Budget Details" size="md">
      {budget && <Details key={budget.id} budget={budget} mayEdit={mayEdit} />}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={`kcf-row kcf-row--nowrap ${styles.fact}`}>
      <dt className="kcf-muted kcf-small">{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

function Details({ budget, mayEdit }: { budget: BudgetItem; mayEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const refresh = useRefreshBudgets();
  const stored = { plannedAmount: budget.plannedAmount, notes: budget.notes ?? '' };
  const form = useForm({
    initial: stored,
    schema: BudgetInlineEditBody,
    submit: (body) => updateBudget(budget.id, body),
    success: 'Budget item updated successfully',
    failure: 'Failed to update budget item',
    failureToast: FINANCE_FAILURE,
    onSuccess: async () => {
      await refresh();
      setEditing(false);
    },
  });
  const { errors, submitting: saving } = form;

  const { planned, used, remaining } = summarise([budget]);
  const exceeded = exceededAmount(planned, used);

  // Cancel puts the stored values back.
  const cancel = () => {
    form.reset(stored);
    setEditing(false);
  };

  return (
    <div className="kcf-stack">
      <dl className={`kcf-stack ${styles.facts}`}>
        <Row label="Category">{categoryLabel(budget.category)}</Row>
        <Row label="Term">
          {budget.quarter} ({TERM_MONTH_LABELS[budget.quarter]}) {budget.year}
        </Row>
        {!editing && <Row label="Planned Amount">{formatMoney(planned, 'KES')}</Row>}
        <Row label="Used Amount">{formatMoney(used, 'KES')}</Row>
        <Row label="Remaining">
          <span className={remaining.startsWith('-') ? 'kcf-negative' : undefined}>
            {formatMoney(remaining, 'KES')}
          </span>
        </Row>
      </dl>

      <div className={`kcf-stack ${styles.usage}`}>
        <div className={`kcf-row ${styles.usageHead}`}>
          <span className="kcf-small kcf-muted">Budget usage</span>
          <span className={`kcf-small ${layout.strong}`} data-testid="usage-percent">
            {percentWithOneDecimal(used, planned)}
          </span>
        </div>
        <UsageBar used={used} planned={planned} label="Budget usage" />
        {exceeded && (
          <p role="alert" className={`kcf-negative kcf-small kcf-row ${styles.exceeded}`}>
            <WarningIcon />
            Budget exceeded by {formatMoney(exceeded, 'KES')}
          </p>
        )}
      </div>

      {editing ? (
        <div className="kcf-stack">
          <PlannedFields bind={form.bind} errors={errors} />
          <div className="kcf-row kcf-row--end">
            <Button variant="outline" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button loading={saving} onClick={() => void form.handleSubmit()}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <div className={`kcf-stack ${styles.notes}`}>
          <span className="kcf-small kcf-muted">Notes</span>
          <p className={styles.notesText}>{budget.notes || 'No notes'}</p>
          {mayEdit && (
            <div className="kcf-row kcf-row--end">
              <Button variant="outline" icon={<PencilIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
