import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  ExpenseBody,
  checkExpenseBalance,
  type BeneficiarySummary,
  type Expense,
} from '@kcf/contracts';
import { AmountInput, Field, FormDialog, Input, Select, Textarea } from '@kcf/ui';
import { BeneficiaryPicker, useForm, useNotify } from '@kcf/web-kit';
import { todayIso } from '../../shared/dates';
import { SAVE_TEXTS, saveOutcome } from '../../shared/save-toasts';
import { freshStats, saveExpense, useRefreshFinance } from './finance-api';

interface ExpenseDialogProps {
  /** The expense being edited; a new one when null. */
  expense: Expense | null;
  onClose: () => void;
}

const RECEIPT_TYPES = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * Add Expense / Edit Expense, with the balance check before a new expense is sent.
 * Open while rendered.
 */
export function ExpenseDialog({ expense, onClose }: ExpenseDialogProps) {
  const [receipt, setReceipt] = useState<File | null>(null);
  const notify = useNotify();
  const refresh = useRefreshFinance();
  const client = useQueryClient();
  const pickerId = useId();
  // The child the expense names: only its id is known until another is picked (the picker shows the id).
  const [child, setChild] = useState<BeneficiarySummary | null>(
    expense?.beneficiaryId ? { id: expense.beneficiaryId, fullName: '', photoUrl: null } : null,
  );
  const editing = expense !== null;
  const form = useForm({
    initial: () => ({
      amount: expense?.amount ?? '',
      category: expense?.category ?? '',
      beneficiaryId: expense?.beneficiaryId ?? 'none',
      date: expense?.date ?? todayIso(),
      description: expense?.description ?? '',
    }),
    schema: ExpenseBody,
    // A new expense is checked against the freshest balance first (the server checks again).
    beforeSubmit: async (body) => {
      if (editing) return true;
      const stats = await freshStats(client);
      const refusal = stats ? checkExpenseBalance(body.amount, stats.netBalance) : null;
      if (refusal) notify.error(refusal.title, refusal.message);
      return refusal === null;
    },
    submit: (body) => saveExpense(body, receipt, expense?.id),
    ...saveOutcome(SAVE_TEXTS.expense, editing, refresh, onClose),
  });
  const { errors } = form;

  return (
    <FormDialog
      title={editing ? 'Edit Expense' : 'Add Expense'}
      onClose={onClose}
      form={form}
      submitLabel={editing ? 'Update Expense' : 'Add Expense'}
    >
      <Field label="Amount (KSH)" required error={errors.amount}>
        <AmountInput {...form.bind('amount')} />
      </Field>
      <Field label="Category" required error={errors.category}>
        <Select
          {...form.bind('category')}
          placeholder="Select a category"
          options={EXPENSE_CATEGORIES}
          labels={CATEGORY_LABELS}
        />
      </Field>
      <Field
        label="Beneficiary"
        error={errors.beneficiaryId}
        hint="Optional: the child this expense was for."
        id={pickerId}
      >
        {(control) => (
          <BeneficiaryPicker
            value={child}
            onChange={(picked) => {
              setChild(picked);
              form.set('beneficiaryId', picked?.id ?? 'none');
            }}
            inputId={control.id}
            invalid={Boolean(control['aria-invalid'])}
            describedBy={control['aria-describedby']}
            clearLabel="Change"
          />
        )}
      </Field>
      <Field label="Date" required error={errors.date}>
        <Input type="date" {...form.bind('date')} max={todayIso()} />
      </Field>
      <Field label="Description" required error={errors.description}>
        <Textarea {...form.bind('description')} maxLength={2000} />
      </Field>
      <Field label="Receipt" error={errors.receipt} hint="PDF, JPG or PNG (optional).">
        <Input type="file" accept={RECEIPT_TYPES} onChange={(e) => setReceipt(e.target.files?.[0] ?? null)} />
      </Field>
      {expense?.receiptUrl && !receipt && (
        <p className="kcf-small kcf-muted">
          A receipt is attached.{' '}
          <a className="kcf-link" href={expense.receiptUrl} target="_blank" rel="noopener noreferrer">
            View receipt
          </a>
        </p>
      )}
    </FormDialog>
  );
}
