import { IncomeBody, type Income } from '@kcf/contracts';
import { AmountInput, Field, FormDialog, Input, Textarea } from '@kcf/ui';
import { useForm } from '@kcf/web-kit';
import { todayIso } from '../../shared/dates';
import { SAVE_TEXTS, saveOutcome } from '../../shared/save-toasts';
import { saveIncome, useRefreshFinance } from './finance-api';

interface IncomeDialogProps {
  /** The entry being edited; a new one when null. */
  income: Income | null;
  onClose: () => void;
}

/** Add Income / Edit Income (amount, source and date required; remarks optional). Open while rendered. */
export function IncomeDialog({ income, onClose }: IncomeDialogProps) {
  const refresh = useRefreshFinance();
  const editing = income !== null;
  const form = useForm({
    initial: () => ({
      amount: income?.amount ?? '',
      source: income?.source ?? '',
      date: income?.date ?? todayIso(),
      remarks: income?.remarks ?? '',
    }),
    schema: IncomeBody,
    submit: (body) => saveIncome(body, income?.id),
    ...saveOutcome(SAVE_TEXTS.income, editing, refresh, onClose),
  });
  const { errors } = form;

  return (
    <FormDialog
      title={editing ? 'Edit Income' : 'Add Income'}
      onClose={onClose}
      form={form}
      submitLabel={editing ? 'Update Income' : 'Add Income'}
    >
      <Field label="Amount (KSH)" required error={errors.amount}>
        <AmountInput {...form.bind('amount')} />
      </Field>
      <Field label="Source" required error={errors.source}>
        <Input {...form.bind('source')} maxLength={255} placeholder="e.g. Church harambee" />
      </Field>
      <Field label="Date" required error={errors.date}>
        <Input type="date" {...form.bind('date')} max={todayIso()} />
      </Field>
      <Field label="Remarks" error={errors.remarks}>
        <Textarea {...form.bind('remarks')} maxLength={2000} />
      </Field>
    </FormDialog>
  );
}
