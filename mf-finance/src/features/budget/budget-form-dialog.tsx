import { useState, type FormEvent } from 'react';
import {
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  FIRST_BUDGET_YEAR,
  TERMS,
  budgetBodySchema,
  currentYear,
  type BudgetItem,
  type Term,
} from '@kcf/contracts';
import { Button, Dialog, Field, Input, Select, Textarea } from '@kcf/ui';
import { fieldErrorsOf, serverFieldErrors } from '../../shared/form-errors';
import { useFormFields } from '../../shared/use-form-fields';
import { useNotify } from '../../shared/use-notify';
import { createBudget, updateBudget, useRefreshBudgets } from './budget-api';

interface BudgetFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item being edited; a new one when absent. */
  budget?: BudgetItem | null;
  /** The term a new budget starts in (the one the breakdown shows). */
  defaultTerm: Term;
}

/** 'Create New Budget' / 'Edit Budget' (spec §5 Budget form). */
export function BudgetFormDialog({ open, onOpenChange, budget, defaultTerm }: BudgetFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={budget ? 'Edit Budget' : 'Create New Budget'} dismissible={!busy}>
      <BudgetForm key={budget?.id ?? `new-${defaultTerm}`} budget={budget} defaultTerm={defaultTerm} onDone={() => onOpenChange(false)} onBusy={setBusy} />
    </Dialog>
  );
}

function BudgetForm({ budget, defaultTerm, onDone, onBusy }: { budget?: BudgetItem | null; defaultTerm: Term; onDone: () => void; onBusy: (busy: boolean) => void }) {
  const thisYear = currentYear(new Date());
  const { values, errors, setErrors, set } = useFormFields({
    quarter: budget?.quarter ?? defaultTerm,
    year: String(budget?.year ?? thisYear),
    category: budget?.category ?? '',
    plannedAmount: budget?.plannedAmount ?? '',
    notes: budget?.notes ?? '',
  });
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const refresh = useRefreshBudgets();
  const editing = Boolean(budget);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = budgetBodySchema().safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    onBusy(true);
    try {
      if (budget) await updateBudget(budget.id, parsed.data);
      else await createBudget(parsed.data);
      notify.success(editing ? 'Budget updated successfully' : 'Budget created successfully');
      void refresh();
      onDone();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      notify.failure(err, editing ? 'Failed to update budget' : 'Failed to create budget');
    } finally {
      setSaving(false);
      onBusy(false);
    }
  };

  return (
    <form className="kcf-stack" noValidate onSubmit={submit}>
      <div className="kcf-grid kcf-grid--2">
        <Field label="Term" required error={errors.quarter}>
          <Select value={values.quarter} onChange={(e) => set('quarter')(e.target.value)}>
            {TERMS.map((term) => (
              <option key={term} value={term}>
                {term}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Year" required error={errors.year}>
          <Input type="number" inputMode="numeric" min={FIRST_BUDGET_YEAR} max={thisYear} step={1} value={values.year} onChange={(e) => set('year')(e.target.value)} />
        </Field>
      </div>
      <Field label="Category" required error={errors.category}>
        <Select value={values.category} onChange={(e) => set('category')(e.target.value)}>
          <option value="">Select a category</option>
          {EXPENSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Planned Amount (KES)" required error={errors.plannedAmount}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.plannedAmount} onChange={(e) => set('plannedAmount')(e.target.value)} />
      </Field>
      <Field label="Notes" error={errors.notes}>
        <Textarea value={values.notes} maxLength={2000} onChange={(e) => set('notes')(e.target.value)} />
      </Field>
      <div className="kcf-row kcf-row--end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Update Budget' : 'Create Budget'}
        </Button>
      </div>
    </form>
  );
}
