import { useState, type FormEvent } from 'react';
import { IncomeBody, type Income } from '@kcf/contracts';
import { Button, Dialog, Field, Input, Textarea } from '@kcf/ui';
import { todayIso } from '../../shared/dates';
import { fieldErrorsOf, serverFieldErrors } from '../../shared/form-errors';
import { useFormFields } from '../../shared/use-form-fields';
import { useNotify } from '../../shared/use-notify';
import { saveIncome, useRefreshFinance } from './finance-api';

interface IncomeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry being edited; a new one when absent. */
  income?: Income | null;
}

function initialValues(income?: Income | null) {
  return {
    amount: income?.amount ?? '',
    source: income?.source ?? '',
    date: income?.date ?? todayIso(),
    remarks: income?.remarks ?? '',
  };
}

/** Add Income / Edit Income (spec §5 Income: amount, source and date required; remarks optional). */
export function IncomeDialog({ open, onOpenChange, income }: IncomeDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={income ? 'Edit Income' : 'Add Income'} dismissible={!busy}>
      {/* Keyed so that every opening starts from the record (or a blank form). */}
      <IncomeForm key={income?.id ?? 'new'} income={income} onDone={() => onOpenChange(false)} onBusy={setBusy} />
    </Dialog>
  );
}

function IncomeForm({ income, onDone, onBusy }: { income?: Income | null; onDone: () => void; onBusy: (busy: boolean) => void }) {
  const { values, errors, setErrors, set } = useFormFields(() => initialValues(income));
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const refresh = useRefreshFinance();
  const editing = Boolean(income);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = IncomeBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    onBusy(true);
    try {
      await saveIncome(parsed.data, income?.id);
      notify.success(editing ? 'Income updated successfully' : 'Income created successfully');
      void refresh();
      onDone();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      notify.failure(err, editing ? 'Failed to update income' : 'Failed to create income');
    } finally {
      setSaving(false);
      onBusy(false);
    }
  };

  return (
    <form className="kcf-stack" noValidate onSubmit={submit}>
      <Field label="Amount (KSH)" required error={errors.amount}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.amount} onChange={(e) => set('amount')(e.target.value)} />
      </Field>
      <Field label="Source" required error={errors.source}>
        <Input value={values.source} maxLength={255} onChange={(e) => set('source')(e.target.value)} placeholder="e.g. Church harambee" />
      </Field>
      <Field label="Date" required error={errors.date}>
        <Input type="date" value={values.date} onChange={(e) => set('date')(e.target.value)} />
      </Field>
      <Field label="Remarks" error={errors.remarks}>
        <Textarea value={values.remarks} maxLength={2000} onChange={(e) => set('remarks')(e.target.value)} />
      </Field>
      <div className="kcf-row kcf-row--end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Update Income' : 'Add Income'}
        </Button>
      </div>
    </form>
  );
}
