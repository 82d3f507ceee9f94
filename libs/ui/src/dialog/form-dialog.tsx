import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button';
import { Dialog, type DialogProps } from './dialog';

/** What the dialog needs of its form (a `useForm` from @kcf/web-kit fits). */
export interface FormDialogForm {
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save runs: the submit button spins and the dialog stays open. */
  submitting: boolean;
}

export interface FormDialogProps {
  title: ReactNode;
  description?: ReactNode;
  size?: DialogProps['size'];
  /** Cancel, Escape, the backdrop and the close button (none of them while the save runs). */
  onClose: () => void;
  form: FormDialogForm;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  /** A line about the whole form above the fields (e.g. what the server said about a failed save). */
  error?: ReactNode;
  /** The form's layout; `kcf-stack` unless told. */
  className?: string;
  children: ReactNode;
  /** Inside the dialog, under the form: a panel with its own buttons (not part of this form). */
  after?: ReactNode;
}

/**
 * A dialog around one form, open while rendered: the fields, Cancel and the submit button in the footer,
 * and the form's own error line.
 */
export function FormDialog({
  title,
  description,
  size,
  onClose,
  form,
  submitLabel,
  submitDisabled = false,
  error,
  className = 'kcf-stack',
  children,
  after,
}: FormDialogProps) {
  const formId = useId();
  const { submitting } = form;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      size={size}
      dismissible={!submitting}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)} className={className}>
        {error && (
          <p role="alert" className="kcf-form-error">
            {error}
          </p>
        )}
        {children}
      </form>
      {after}
    </Dialog>
  );
}
