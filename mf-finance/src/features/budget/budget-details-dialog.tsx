import { useState, type ReactNode } from 'react';
import { BudgetInlineEditBody, TERM_MONTH_LABELS, categoryLabel, exceededAmount, type BudgetItem } from '@kcf/contracts';
import { Button, Dialog, Field, Input, Textarea } from '@kcf/ui';
import { formatMoney } from '@kcf/web-kit';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from '../../shared/form-errors';
import { EditIcon, WarningIcon } from '../../shared/icons';
import { useNotify } from '../../shared/use-notify';
import { updateBudget, useRefreshBudgets } from './budget-api';
import { percentWithOneDecimal, summarise } from './budget-summary';
import { UsageBar } from './usage-bar';

interface BudgetDetailsDialogProps {
  budget: BudgetItem | null;
  onOpenChange: (open: boolean) => void;
  mayEdit: boolean;
}

/** View: the item's figures and usage bar, with inline editing of the planned amount and notes (spec §2, §5). */
export function BudgetDetailsDialog({ budget, onOpenChange, mayEdit }: BudgetDetailsDialogProps) {
  return (
    <Dialog open={budget !== null} onOpenChange={onOpenChange} title="Budget Details" size="md">
      {budget && <Details key={budget.id} budget={budget} mayEdit={mayEdit} />}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="kcf-row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap', gap: 16 }}>
      <dt className="kcf-muted kcf-small">{label}</dt>
      <dd style={{ margin: 0, fontWeight: 600, textAlign: 'right' }}>{children}</dd>
    </div>
  );
}

function Details({ budget, mayEdit }: { budget: BudgetItem; mayEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ plannedAmount: budget.plannedAmount, notes: budget.notes ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const refresh = useRefreshBudgets();

  const { planned, used, remaining } = summarise([budget]);
  const exceeded = exceededAmount(planned, used);

  const cancel = () => {
    setValues({ plannedAmount: budget.plannedAmount, notes: budget.notes ?? '' });
    setErrors({});
    setEditing(false);
  };

  const save = async () => {
    const parsed = BudgetInlineEditBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    try {
      await updateBudget(budget.id, parsed.data);
      notify.success('Budget item updated successfully');
      await refresh();
      setEditing(false);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      notify.failure(err, 'Failed to update budget item');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="kcf-stack">
      <dl className="kcf-stack" style={{ gap: 10, margin: 0 }}>
        <Row label="Category">{categoryLabel(budget.category)}</Row>
        <Row label="Term">
          {budget.quarter} ({TERM_MONTH_LABELS[budget.quarter]}) {budget.year}
        </Row>
        {!editing && <Row label="Planned Amount">{formatMoney(planned, 'KES')}</Row>}
        <Row label="Used Amount">{formatMoney(used, 'KES')}</Row>
        <Row label="Remaining">
          <span className={remaining.startsWith('-') ? 'kcf-negative' : undefined}>{formatMoney(remaining, 'KES')}</span>
        </Row>
      </dl>

      <div className="kcf-stack" style={{ gap: 6 }}>
        <div className="kcf-row" style={{ justifyContent: 'space-between' }}>
          <span className="kcf-small kcf-muted">Budget usage</span>
          <span className="kcf-small" style={{ fontWeight: 600 }} data-testid="usage-percent">
            {percentWithOneDecimal(used, planned)}
          </span>
        </div>
        <UsageBar used={used} planned={planned} label="Budget usage" />
        {exceeded && (
          <p role="alert" className="kcf-negative kcf-small kcf-row" style={{ margin: 0, fontWeight: 600, gap: 6 }}>
            <WarningIcon />
            Budget exceeded by {formatMoney(exceeded, 'KES')}
          </p>
        )}
      </div>

      {editing ? (
        <div className="kcf-stack">
          <Field label="Planned Amount (KES)" required error={errors.plannedAmount}>
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={values.plannedAmount}
              onChange={(e) => {
                setValues((v) => ({ ...v, plannedAmount: e.target.value }));
                setErrors(({ plannedAmount: _cleared, ...rest }) => rest);
              }}
            />
          </Field>
          <Field label="Notes" error={errors.notes}>
            <Textarea value={values.notes} maxLength={2000} onChange={(e) => setValues((v) => ({ ...v, notes: e.target.value }))} />
          </Field>
          <div className="kcf-row kcf-row--end">
            <Button variant="outline" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button loading={saving} onClick={() => void save()}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <div className="kcf-stack" style={{ gap: 4 }}>
          <span className="kcf-small kcf-muted">Notes</span>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{budget.notes || 'No notes'}</p>
          {mayEdit && (
            <div className="kcf-row kcf-row--end">
              <Button variant="outline" icon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
