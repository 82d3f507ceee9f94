import { DataRequestBody, type Beneficiary, type DataRequestAccepted } from '@kcf/contracts';
import { Field, FormDialog, Input, Textarea } from '@kcf/ui';
import { errorMessageOf, useForm, type FormSchema } from '@kcf/web-kit';
import { requestErasure } from './data-request-api';
import * as styles from './child-data.module.css';

export interface EraseDialogProps {
  beneficiary: Pick<Beneficiary, 'id' | 'fullName'>;
  onClose: () => void;
  /** The erasure was accepted: the child is going away. */
  onErased: (accepted: DataRequestAccepted) => void;
}

export const ERASE_TEXTS = {
  success: 'Erasure requested: follow it on the Data requests page',
  failure: 'Failed to request the erasure',
} as const;

type Values = { reason: string; confirm: string };

/**
 * Erase a child (superadmin): says what goes and what stays, asks for a reason and for the child's id typed
 * again; Erase is enabled once the id matches. The server checks the same (`DataRequestBody`).
 */
export default function EraseDialog({ beneficiary, onClose, onErased }: EraseDialogProps) {
  const bodyOf = (values: Values) => ({
    type: 'erasure' as const,
    beneficiaryId: beneficiary.id,
    reason: values.reason,
    confirm: values.confirm.trim(),
  });
  const schema: FormSchema<DataRequestBody> = {
    safeParse: (values) => DataRequestBody.safeParse(bodyOf(values as Values)),
  };
  const form = useForm<Values, DataRequestBody, DataRequestAccepted>({
    initial: { reason: '', confirm: '' },
    schema,
    submit: (_body, values) =>
      requestErasure({ beneficiaryId: beneficiary.id, reason: values.reason.trim(), confirm: values.confirm.trim() }),
    success: ERASE_TEXTS.success,
    failure: ERASE_TEXTS.failure,
    onSuccess: (accepted) => onErased(accepted),
  });
  const matches = form.values.confirm.trim() === beneficiary.id;

  return (
    <FormDialog
      title="Erase Child"
      description={
        <>
          Erase <strong>{beneficiary.fullName}</strong> ({beneficiary.id}) from every part of the system. This cannot be
          undone.
        </>
      }
      onClose={onClose}
      form={form}
      submitLabel="Erase"
      submitDisabled={!matches}
      error={form.failure ? errorMessageOf(form.failure, ERASE_TEXTS.failure) : null}
    >
      <div>
        <p>What is erased:</p>
        <ul className={styles.effects}>
          <li>
            the child's record and everything held about it: household, school performance and fees, special needs,
            documents, consents and gifts;
          </li>
          <li>every stored file: the photo, the birth certificate, documents, gift photos and cards;</li>
          <li>the guardian's accounts linked to the child, which are signed out.</li>
        </ul>
      </div>
      <div>
        <p>What is kept:</p>
        <ul className={styles.effects}>
          <li>expenses stay in the accounts (financial records must be kept), without the child;</li>
          <li>the audit trail keeps what happened, with the child's details replaced by "erased".</li>
        </ul>
      </div>
      <Field label="Reason" required error={form.errors.reason}>
        <Textarea {...form.bind('reason')} rows={3} placeholder="Why the child's data is erased" />
      </Field>
      <Field
        label="Type the child's ID to confirm"
        required
        error={form.errors.confirm}
        hint={
          <>
            Type <span className={styles.mono}>{beneficiary.id}</span>
          </>
        }
      >
        <Input {...form.bind('confirm')} autoComplete="off" spellCheck={false} className={styles.mono} />
      </Field>
    </FormDialog>
  );
}
