import { useRef } from 'react';
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
  /** The term and year a new budget starts in (the ones the page shows). */
  defaultTerm: Term;
  defaultYear: number;
  /** Closed; with the budget when it was saved. */
  onClose: (saved?: BudgetItem) => void;
}

/** 'Create New Budget' / 'Edit Budget'. Open while rendered. */
export function BudgetFormDialog({ budget, defaultTerm, defaultYear, onClose }: BudgetFormDialogProps) {
  const thisYear = currentYear(now());
  const saved = useRef<BudgetItem | undefined>(undefined);
  const refresh = useRefreshBudgets();
  const editing = budget !== null;
  const form = useForm({
    initial: () => ({
      quarter: budget?.quarter ?? defaultTerm,
      year: String(budget?.year ?? Math.min(defaultYear, thisYear)),
      category: budget?.category ?? '',
      plannedAmount: budget?.plannedAmount ?? '',
      notes: budget?.notes ?? '',
    }),
    schema: BudgetBody,
    submit: async (body) => {
      saved.current = await (budget ? updateBudget(budget.id, body) : createBudget(body));
      return saved.current;
    },
    ...saveOutcome(SAVE_TEXTS.budget, editing, refresh, () => onClose(saved.current)),
  });
  const { errors } = form;

  return (
    <FormDialog
      title={editing ? 'Edit Budget' : 'Create New Budget'}
      onClose={() => onClose()}
      form={form}
      submitLabel={editing ? 'Update Budget' : 'Create Budget'}
    >
      <div className="kcf-grid kcf-grid--2">
        <Field label="Term" required error={errors.quarter}>
          <Select {...form.bind('quarter')} options={TERMS} />
        </Field>
        <Field label="Year" required error={errors.year}>
          <Input
            type="number"
            inputMode="numeric"
            min={FIRST_BUDGET_YEAR}
            max={thisYear}
            step={1}
            {...form.bind('year')}
          />
        </Field>
      </div>
      <Field label="Category" required error={errors.category}>
        <Select
          {...form.bind('category')}
          placeholder="Select a category"
          options={EXPENSE_CATEGORIES}
          labels={CATEGORY_LABELS}
        />
      </Field>
      <PlannedFields bind={form.bind} errors={errors} />
    </FormDialog>
  );
}
