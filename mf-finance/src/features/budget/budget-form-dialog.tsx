import {
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  FIRST_BUDGET_YEAR,
  BudgetBody,
  TERMS,
  currentYear,
  type BudgetItem,
  type Term,
} from '@kcf/contracts';
import { Field, FormDialog, Input, Select } from '@kcf/ui';
import { now, useForm } from '@kcf/web-kit';
import { SAVE_TEXTS, saveOutcome } from '../../shared/save-toasts';
import { createBudget, updateBudget, useRefreshBudgets } from './budget-api';
import { PlannedFields } from './planned-fields';

interface BudgetFormDialogProps {
  /** The item being edited; a new one when null. */
  budget: BudgetItem | null;
  /** The term a new budget starts in (the one the breakdown shows). */
  defaultTerm: Term;
  onClose: () => void;
}

/** 'Create New Budget' / 'Edit Budget'. Open while rendered. */
export function BudgetFormDialog({ budget, defaultTerm, onClose }: BudgetFormDialogProps) {
  const thisYear = currentYear(now());
  const refresh = useRefreshBudgets();
  const editing = budget !== null;
  const form = useForm({
    initial: () => ({
      quarter: budget?.quarter ?? defaultTerm,
      year: String(budget?.year ?? thisYear),
      category: budget?.category ?? '',
      plannedAmount: budget?.plannedAmount ?? '',
      notes: budget?.notes ?? '',
    }),
    schema: BudgetBody,
    submit: (body) => (budget ? updateBudget(budget.id, body) : createBudget(body)),
    ...saveOutcome(SAVE_TEXTS.budget, editing, refresh, onClose),
  });
  const { errors } = form;

  return (
    <FormDialog
      title={editing ? 'Edit Budget' : 'Create New Budget'}
      onClose={onClose}
      form={form}
      submitLabel={editing ? 'Update Budget' : 'Create Budget'}
    >
      <div className="kcf-grid kcf-grid--2">
        <Field label="Term" required error={errors.quarter}>
          <Select {...form.bind('quarter')} options={TERMS} />
        </Field>
        <Field label="Year" required error={errors.year}>
          <Input type="number" inputMode="numeric" min={FIRST_BUDGET_YEAR} max={thisYear} step={1} {...form.bind('year')} />
        </Field>
      </div>
      <Field label="Category" required error={errors.category}>
        <Select {...form.bind('category')} placeholder="Select a category" options={EXPENSE_CATEGORIES} labels={CATEGORY_LABELS} />
      </Field>
      <PlannedFields bind={form.bind} errors={errors} />
    </FormDialog>
  );
}
