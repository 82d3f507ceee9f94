import { useQueryClient } from '@tanstack/react-query';
import {
  CONSENT_PURPOSE_LABELS,
  ConsentBody,
  type Beneficiary,
  type ConsentPurpose,
  type ConsentRecord,
} from '@kcf/contracts';
import { Field, FormDialog, Select } from '@kcf/ui';
import { errorMessageOf, useForm, type FormSchema } from '@kcf/web-kit';
import { usePart } from '../detail/records-api';
import { recordConsent, refreshAfterConsentChange } from './consent-api';
import { ConsentFields, consentBodyOf, emptyConsentValues, type ConsentFieldValues } from './consent-fields';
import * as styles from './consent.module.css';

export type ConsentAction = 'record' | 'renew' | 'withdraw';

export interface ConsentDialogProps {
  beneficiary: Pick<Beneficiary, 'id' | 'fullName' | 'guardianName'>;
  purpose: ConsentPurpose;
  action: ConsentAction;
  /** The purpose's record as the card shows it (a renewal starts from it). */
  current: ConsentRecord | undefined;
  /** The purposes a withdrawal takes with it (granted now), said before it is done. */
  alsoWithdrawn?: readonly ConsentPurpose[];
  onClose: () => void;
}

type Values = ConsentFieldValues & { evidenceDocumentId: string };

const WORDS: Record<ConsentAction, { title: string; submit: string; success: string; failure: string }> = {
  record: {
    title: 'Record',
    submit: 'Record Consent',
    success: 'Consent recorded successfully',
    failure: 'Failed to record consent',
  },
  renew: {
    title: 'Renew',
    submit: 'Renew Consent',
    success: 'Consent renewed successfully',
    failure: 'Failed to renew consent',
  },
  withdraw: {
    title: 'Withdraw',
    submit: 'Withdraw Consent',
    success: 'Consent withdrawn successfully',
    failure: 'Failed to withdraw consent',
  },
};

/** What withdrawing a purpose does, said before it is done. */
const WITHDRAW_EFFECTS: Partial<Record<ConsentPurpose, string>> = {
  registration: 'Without registration consent the child can only be exported or erased.',
  medical: 'New health special needs and medical documents will be refused.',
  photos_internal:
    "The child's photo will no longer be shown, and the stored photos are deleted after the grace period unless consent is granted again.",
  photos_donor: 'Gift cards and donor reports will show the initials instead of the photo.',
};

/** Why a purpose goes with the one withdrawn. */
const WITHDRAWN_WITH_REASON: Partial<Record<ConsentPurpose, string>> = {
  photos_donor: 'a photo in a donor report needs this consent.',
};

function initialValues(action: ConsentAction, current: ConsentRecord | undefined, guardianName: string): Values {
  const empty = emptyConsentValues(guardianName);
  if (action !== 'renew' || !current) return { ...empty, evidenceDocumentId: '' };
  return {
    ...empty,
    givenBy: current.givenBy ?? guardianName,
    relationship: current.relationship ?? '',
    method: current.method ?? '',
    witness: current.witness ?? '',
    evidenceDocumentId: '',
  };
}

/** Record, renew or withdraw one purpose: the PUT body's fields, checked with the contract's schema. */
export default function ConsentDialog({
  beneficiary,
  purpose,
  action,
  current,
  alsoWithdrawn = [],
  onClose,
}: ConsentDialogProps) {
  const client = useQueryClient();
  const state = action === 'withdraw' ? 'withdrawn' : 'granted';
  const words = WORDS[action];
  // The child's documents, already read by the profile: a scanned consent form may be named as evidence.
  const documents = usePart(beneficiary.id, 'documents');
  const bodyOf = (values: Values) => consentBodyOf(state, values, values.evidenceDocumentId);
  const schema: FormSchema<ConsentBody> = { safeParse: (values) => ConsentBody.safeParse(bodyOf(values as Values)) };
  const form = useForm<Values, ConsentBody>({
    initial: () => initialValues(action, current, beneficiary.guardianName),
    schema,
    submit: (_body, values) => recordConsent(beneficiary.id, purpose, bodyOf(values)),
    success: words.success,
    failure: words.failure,
    failureToast: { serverMessage: false },
    onSuccess: async () => {
      await refreshAfterConsentChange(client);
      onClose();
    },
  });
  const evidence = documents.data ?? [];

  return (
    <FormDialog
      title={`${words.title} ${CONSENT_PURPOSE_LABELS[purpose]} Consent`}
      description={`${beneficiary.fullName} (${beneficiary.id})`}
      onClose={onClose}
      form={form}
      submitLabel={words.submit}
      error={form.failure ? errorMessageOf(form.failure, words.failure) : null}
    >
      {action === 'withdraw' && WITHDRAW_EFFECTS[purpose] && (
        <p className={styles.effect}>{WITHDRAW_EFFECTS[purpose]}</p>
      )}
      {action === 'withdraw' &&
        alsoWithdrawn.map((other) => (
          <p key={other} className={styles.effect}>
            {CONSENT_PURPOSE_LABELS[other]} will be withdrawn too:{' '}
            {WITHDRAWN_WITH_REASON[other] ?? 'it needs this consent.'}
          </p>
        ))}
      <div className="kcf-grid kcf-grid--2">
        <ConsentFields state={state} method={form.values.method} bind={form.bind} errors={form.errors} />
        {evidence.length > 0 && (
          <Field
            label="Evidence Document"
            error={form.errors.evidenceDocumentId}
            hint="A scanned consent form from Document Attachments (optional)"
          >
            <Select
              {...form.bind('evidenceDocumentId')}
              placeholder="None"
              options={evidence.map((d) => d.id)}
              labels={Object.fromEntries(evidence.map((d) => [d.id, d.originalName]))}
            />
          </Field>
        )}
      </div>
    </FormDialog>
  );
}
