import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  GIFT_TYPES,
  GIFT_TYPE_LABELS,
  GiftBody,
  foundationToday,
  type BeneficiarySummary,
  type Gift,
} from '@kcf/contracts';
import { AmountInput, Field, FormDialog, Input, Select, Textarea } from '@kcf/ui';
import { BeneficiaryPicker, errorMessageOf, now, useForm } from '@kcf/web-kit';
import { fileProblem } from '../../shared/file-check';
import { UploadInput } from '../../shared/upload-input';
import { giftFormData, giftKeys, saveGift, type GiftFormValues } from './gifts-api';

function initialValues(gift: Gift | null): GiftFormValues {
  return {
    beneficiaryId: gift?.beneficiaryId ?? '',
    giftType: gift?.giftType ?? '',
    amount: gift?.amount ?? '',
    description: gift?.description ?? '',
    contents: gift?.contents ?? '',
    dateGiven: gift?.dateGiven ?? foundationToday(now()),
  };
}

/** Add or edit a gift: the child (searched on the server), type, amount, description, contents, date, photo. */
export default function GiftDialog({ gift, onClose }: { gift: Gift | null; onClose: () => void }) {
  const isEdit = gift !== null;
  const pickerId = useId();
  const client = useQueryClient();
  const [child, setChild] = useState<BeneficiarySummary | null>(gift?.beneficiary ?? null);
  const [photo, setPhoto] = useState<File | null>(null);
  const failure = isEdit ? 'Failed to update gift' : 'Failed to create gift';
  const form = useForm({
    initial: () => initialValues(gift),
    schema: GiftBody,
    check: () => ({ giftPhoto: fileProblem('giftPhoto', photo) }),
    submit: (_body, values) => saveGift(gift?.id ?? null, giftFormData(values, photo)),
    success: isEdit ? 'Gift updated successfully' : 'Gift created successfully',
    failure,
    failureToast: { serverMessage: false, unauthorized: 'colon' },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: giftKeys.all });
      onClose();
    },
  });
  const { errors } = form;

  return (
    <FormDialog
      title={isEdit ? 'Edit Gift' : 'Add Gift'}
      size="lg"
      onClose={onClose}
      form={form}
      submitLabel={isEdit ? 'Update Gift' : 'Create Gift'}
      error={form.failure ? errorMessageOf(form.failure, failure) : null}
    >
      <div className="kcf-grid kcf-grid--2">
        <Field label="Beneficiary" required error={errors.beneficiaryId} id={pickerId} className="kcf-span-all">
          {(control) => (
            <BeneficiaryPicker
              value={child}
              onChange={(picked) => {
                setChild(picked);
                form.set('beneficiaryId', picked?.id ?? '');
              }}
              inputId={control.id}
              invalid={Boolean(control['aria-invalid'])}
              describedBy={control['aria-describedby']}
            />
          )}
        </Field>
        <Field label="Gift Type" required error={errors.giftType}>
          <Select
            {...form.bind('giftType')}
            placeholder="Select gift type"
            options={GIFT_TYPES}
            labels={GIFT_TYPE_LABELS}
          />
        </Field>
        <Field label="Amount (KSH)" required error={errors.amount}>
          <AmountInput {...form.bind('amount')} />
        </Field>
        <Field label="Description" required error={errors.description} className="kcf-span-all">
          <Input {...form.bind('description')} />
        </Field>
        <Field label="Contents" required error={errors.contents} className="kcf-span-all">
          <Textarea {...form.bind('contents')} />
        </Field>
        <Field label="Date Given" required error={errors.dateGiven}>
          <Input type="date" {...form.bind('dateGiven')} />
        </Field>
        <Field label="Gift Photo (JPG/PNG)" error={errors.giftPhoto}>
          <UploadInput
            kind="giftPhoto"
            onFile={setPhoto}
            onProblem={(problem) => form.setError('giftPhoto', problem)}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
