import { GuardianExportReason, StaffExportReason, type Beneficiary, type DataRequestAccepted } from '@kcf/contracts';
import { Field, FormDialog, Textarea } from '@kcf/ui';
import { errorMessageOf, useForm } from '@kcf/web-kit';
import { requestExport } from './data-request-api';

export interface ExportDialogProps {
  beneficiary: Pick<Beneficiary, 'id' | 'fullName'>;
  /** Staff must say why the child's data is handed over; the guardian's own account may leave it blank. */
  reasonRequired: boolean;
  onClose: () => void;
  /** The export was asked for: it is being prepared. */
  onRequested: (accepted: DataRequestAccepted) => void;
}

export const EXPORT_TEXTS = {
  title: 'Download All Data',
  submit: 'Prepare Export',
  failure: 'The export could not be started',
} as const;

/**
 * "Download all data": asks why (required from staff: the data-protection officer accounts for every hand-over;
 * optional for the guardian's own account), then asks the server for the export. The server checks the same.
 */
export default function ExportDialog({ beneficiary, reasonRequired, onClose, onRequested }: ExportDialogProps) {
  const form = useForm({
    initial: { reason: '' },
    schema: reasonRequired ? StaffExportReason : GuardianExportReason,
    submit: (body) => requestExport(beneficiary.id, body.reason),
    failure: EXPORT_TEXTS.failure,
    onSuccess: (accepted) => onRequested(accepted),
  });
  return (
    <FormDialog
      title={EXPORT_TEXTS.title}
      description={
        <>
          Everything held about <strong>{beneficiary.fullName}</strong> ({beneficiary.id}), as a ZIP that can be
          downloaded for 24 hours once it is ready.
        </>
      }
      size="sm"
      onClose={onClose}
      form={form}
      submitLabel={EXPORT_TEXTS.submit}
      error={form.failure ? errorMessageOf(form.failure, EXPORT_TEXTS.failure) : null}
    >
      <Field
        label={reasonRequired ? 'Reason' : 'Reason (optional)'}
        required={reasonRequired}
        error={form.errors.reason}
      >
        <Textarea
          {...form.bind('reason')}
          rows={3}
          placeholder={reasonRequired ? 'Why the data is handed over, and to whom' : 'Why you are asking for it'}
        />
      </Field>
    </FormDialog>
  );
}
