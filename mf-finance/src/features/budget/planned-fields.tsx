import { AmountInput, Field, Textarea } from '@kcf/ui';
import type { BoundControl, FieldErrors } from '@kcf/web-kit';

/** What a budget form edits of a budget item's figures: the planned amount and the notes. */
export function PlannedFields({
  bind,
  errors,
}: {
  bind: (field: 'plannedAmount' | 'notes') => BoundControl;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field label="Planned Amount (KES)" required error={errors.plannedAmount}>
        <AmountInput {...bind('plannedAmount')} />
      </Field>
      <Field label="Notes" error={errors.notes}>
        <Textarea {...bind('notes')} maxLength={2000} />
      </Field>
    </>
  );
}
