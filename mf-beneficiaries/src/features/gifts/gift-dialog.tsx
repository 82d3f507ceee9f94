import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GIFT_TYPES, GIFT_TYPE_LABELS, GiftBody, toIsoDate, type BeneficiarySummary, type Gift } from '@kcf/contracts';
import { Button, Dialog, Field, Input, Select, Textarea } from '@kcf/ui';
import { acceptFor, fileProblem } from '../../shared/file-check';
import { fieldErrorsFromIssues, showSaveFailure, type FieldErrors } from '../../shared/form-errors';
import { useNotify } from '../../shared/notify';
import { BeneficiaryPicker } from './beneficiary-picker';
import { giftFormData, giftKeys, saveGift, type GiftFormValues } from './gifts-api';
import * as styles from './gifts.module.css';

function initialValues(gift: Gift | null): GiftFormValues {
  return {
    beneficiaryId: gift?.beneficiaryId ?? '',
    giftType: gift?.giftType ?? '',
    amount: gift?.amount ?? '',
    description: gift?.description ?? '',
    contents: gift?.contents ?? '',
    dateGiven: gift?.dateGiven ?? toIsoDate(new Date()),
  };
}

/** Add or edit a gift: the child (searched on the server), type, amount, description, contents, date, photo. */
export default function GiftDialog({ gift, onClose }: { gift: Gift | null; onClose: () => void }) {
  const isEdit = gift !== null;
  const formId = useId();
  const pickerId = useId();
  const client = useQueryClient();
  const notify = useNotify();
  const [values, setValues] = useState(() => initialValues(gift));
  const [child, setChild] = useState<BeneficiarySummary | null>(gift?.beneficiary ?? null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (name: keyof GiftFormValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _removed, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = GiftBody.safeParse(values);
    const found = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
    const photoProblem = fileProblem('giftPhoto', photo);
    if (photoProblem) found.giftPhoto = photoProblem;
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await saveGift(gift?.id ?? null, giftFormData(values, photo));
      notify.success(isEdit ? 'Gift updated successfully' : 'Gift created successfully');
      await client.invalidateQueries({ queryKey: giftKeys.all });
      onClose();
    } catch (err) {
      showSaveFailure(err, isEdit ? 'Failed to update gift' : 'Failed to create gift', { setErrors, setServerError, notify });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={isEdit ? 'Edit Gift' : 'Add Gift'}
      size="lg"
      dismissible={!saving}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {isEdit ? 'Update Gift' : 'Create Gift'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        {serverError && (
          <p role="alert" className={styles.formError}>
            {serverError}
          </p>
        )}
        <div className={styles.formGrid}>
          <Field label="Beneficiary" required error={errors.beneficiaryId} id={pickerId} className={styles.wide}>
            {(control) => (
              <BeneficiaryPicker
                value={child}
                onChange={(picked) => {
                  setChild(picked);
                  set('beneficiaryId', picked?.id ?? '');
                }}
                inputId={control.id}
                invalid={Boolean(control['aria-invalid'])}
                describedBy={control['aria-describedby']}
              />
            )}
          </Field>
          <Field label="Gift Type" required error={errors.giftType}>
            <Select value={values.giftType} onChange={(e) => set('giftType', e.target.value)}>
              <option value="">Select gift type</option>
              {GIFT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {GIFT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount (KSH)" required error={errors.amount}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.amount} onChange={(e) => set('amount', e.target.value)} />
          </Field>
          <Field label="Description" required error={errors.description} className={styles.wide}>
            <Input value={values.description} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field label="Contents" required error={errors.contents} className={styles.wide}>
            <Textarea value={values.contents} onChange={(e) => set('contents', e.target.value)} />
          </Field>
          <Field label="Date Given" required error={errors.dateGiven}>
            <Input type="date" value={values.dateGiven} onChange={(e) => set('dateGiven', e.target.value)} />
          </Field>
          <Field label="Gift Photo (JPG/PNG)" error={errors.giftPhoto}>
            <Input
              type="file"
              accept={acceptFor('giftPhoto')}
              className={styles.fileInput}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                setPhoto(file);
                setErrors(({ giftPhoto: _old, ...rest }) => {
                  const problem = fileProblem('giftPhoto', file);
                  return problem ? { ...rest, giftPhoto: problem } : rest;
                });
              }}
            />
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
