import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  ExpenseBody,
  checkExpenseBalance,
  type BeneficiarySummary,
  type Expense,
} from '@kcf/contracts';
import { Button, Dialog, Field, Input, Select, Textarea } from '@kcf/ui';
import { BENEFICIARIES_PATH } from '../../shared/api';
import { todayIso } from '../../shared/dates';
import { fieldErrorsOf, serverFieldErrors } from '../../shared/form-errors';
import { useFormFields } from '../../shared/use-form-fields';
import { useNotify } from '../../shared/use-notify';
import { freshStats, saveExpense, useRefreshFinance } from './finance-api';

interface ExpenseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  expense?: Expense | null;
}

const RECEIPT_TYPES = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function initialValues(expense?: Expense | null) {
  return {
    amount: expense?.amount ?? '',
    category: expense?.category ?? '',
    beneficiaryId: expense?.beneficiaryId ?? 'none',
    date: expense?.date ?? todayIso(),
    description: expense?.description ?? '',
  };
}

/** Add Expense / Edit Expense (spec §5 Expense), with the balance check before a new expense is sent. */
export function ExpenseDialog({ open, onOpenChange, expense }: ExpenseDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={expense ? 'Edit Expense' : 'Add Expense'} dismissible={!busy}>
      <ExpenseForm key={expense?.id ?? 'new'} expense={expense} onDone={() => onOpenChange(false)} onBusy={setBusy} />
    </Dialog>
  );
}

/** The children an expense may name, by name; none when the list cannot be read. */
function useBeneficiaryOptions() {
  return useQuery<BeneficiarySummary[]>({
    queryKey: [BENEFICIARIES_PATH, { limit: 500, sort: 'fullName', dir: 'asc' }],
  });
}

function ExpenseForm({ expense, onDone, onBusy }: { expense?: Expense | null; onDone: () => void; onBusy: (busy: boolean) => void }) {
  const { values, errors, setErrors, set } = useFormFields(() => initialValues(expense));
  const [receipt, setReceipt] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const refresh = useRefreshFinance();
  const client = useQueryClient();
  const beneficiaries = useBeneficiaryOptions();
  const editing = Boolean(expense);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ExpenseBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    onBusy(true);
    try {
      if (!editing) {
        const stats = await freshStats(client);
        const refusal = stats ? checkExpenseBalance(parsed.data.amount, stats.netBalance) : null;
        if (refusal) {
          notify.refuse(refusal.title, refusal.message);
          return;
        }
      }
      await saveExpense(parsed.data, receipt, expense?.id);
      notify.success(editing ? 'Expense updated successfully' : 'Expense created successfully');
      void refresh();
      onDone();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      notify.failure(err, editing ? 'Failed to update expense' : 'Failed to create expense');
    } finally {
      setSaving(false);
      onBusy(false);
    }
  };

  const options = beneficiaries.data ?? [];
  const missingChild = values.beneficiaryId !== 'none' && !options.some((b) => b.id === values.beneficiaryId);

  return (
    <form className="kcf-stack" noValidate onSubmit={submit}>
      <Field label="Amount (KSH)" required error={errors.amount}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.amount} onChange={(e) => set('amount')(e.target.value)} />
      </Field>
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
      <Field label="Beneficiary" error={errors.beneficiaryId} hint="Optional: the child this expense was for.">
        <Select value={values.beneficiaryId} onChange={(e) => set('beneficiaryId')(e.target.value)}>
          <option value="none">None</option>
          {missingChild && <option value={values.beneficiaryId}>{values.beneficiaryId}</option>}
          {options.map((b) => (
            <option key={b.id} value={b.id}>
              {b.fullName} ({b.id})
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Date" required error={errors.date}>
        <Input type="date" value={values.date} onChange={(e) => set('date')(e.target.value)} />
      </Field>
      <Field label="Description" required error={errors.description}>
        <Textarea value={values.description} maxLength={2000} onChange={(e) => set('description')(e.target.value)} />
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
      <div className="kcf-row kcf-row--end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Update Expense' : 'Add Expense'}
        </Button>
      </div>
    </form>
  );
}
