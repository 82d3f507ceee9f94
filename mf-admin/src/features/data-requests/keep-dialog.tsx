import { RetentionKeepBody, type RetentionReviewChild } from '@kcf/contracts';
import { Field, FormDialog, Textarea } from '@kcf/ui';
import { errorMessageOf, useForm } from '@kcf/web-kit';
import { useKeepChild } from './data-requests-api';
import { DATA_REQUEST_TEXTS } from './data-requests-texts';

interface KeepDialogProps {
  child: Pick<RetentionReviewChild, 'beneficiaryId' | 'fullName'>;
  onClose: () => void;
}

/** Keep: why the inactive child's record stays for another year. */
export function KeepDialog({ child, onClose }: KeepDialogProps) {
  const keep = useKeepChild();
  const form = useForm({
    initial: { reason: '' },
    schema: RetentionKeepBody,
    submit: (body) => keep.mutateAsync({ beneficiaryId: child.beneficiaryId, body }),
    success: DATA_REQUEST_TEXTS.kept,
    failure: DATA_REQUEST_TEXTS.keepFailed,
    onSuccess: onClose,
  });
  return (
    <FormDialog
      title="Keep Child"
      description={
        <>
          Keep <strong>{child.fullName}</strong> ({child.beneficiaryId}) for another year. The child is listed for
          review again after a year.
        </>
      }
      size="sm"
      onClose={onClose}
      form={form}
      submitLabel="Keep"
      error={form.failure ? errorMessageOf(form.failure, DATA_REQUEST_TEXTS.keepFailed) : null}
    >
      <Field label="Reason" required error={form.errors.reason}>
        <Textarea {...form.bind('reason')} rows={3} placeholder="Why the record is still needed" />
      </Field>
    </FormDialog>
  );
}
