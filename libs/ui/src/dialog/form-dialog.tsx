import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button';
import { Dialog, type DialogProps } from './dialog';

/** What the dialog needs of its form (a `useForm` from @kcf/web-kit fits). */
export interface FormDialogForm {
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save runs: the submit button spins and the dialog stays open. */
  submitting: boolean;
  /** The fields kept while the dialog is open, offered back after a lost session (`useForm` has one). */
  draft?: FormDialogDraft;
}

/** What the dialog does with its form's kept fields. */
export interface FormDialogDraft {
  /** A kept draft waits to be restored or discarded. */
  offered: boolean;
  /** Called once the dialog is open, with its name: the fields are kept from then on. */
  keep: (name: string) => void;
  restore: () => void;
  /** Drops the kept fields (Discard, and the dialog closed by the user). */
  discard: () => void;
}

/** The notice of a kept draft, in the product's words. */
export const DRAFT_NOTICE = 'You have unsaved changes from before you were logged out.';

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
  /** Names the dialog for its kept fields when the title is not plain text (none kept without a name). */
  draftName?: string;
}

/**
 * A dialog around one form, open while rendered: the fields, Cancel and the submit button in the footer,
 * and the form's own error line. While it is open its fields are kept (see `FormDialogForm.draft`): closing it
 * drops them, and a draft kept when a session ended is offered back with Restore and Discard.
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
  draftName,
}: FormDialogProps) {
  const formId = useId();
  const { submitting, draft } = form;
  const name = draftName ?? (typeof title === 'string' ? title : undefined);
  const keep = draft?.keep;
  useEffect(() => {
    if (keep && name) keep(name);
  }, [keep, name]);
  const close = () => {
    draft?.discard();
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={title}
      description={description}
      size={size}
      dismissible={!submitting}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {draft?.offered && (
        <div role="status" className="kcf-draft-notice">
          <p className="kcf-draft-notice__text">{DRAFT_NOTICE}</p>
          <div className="kcf-row">
            <Button size="sm" variant="secondary" onClick={draft.restore}>
              Restore
            </Button>
            <Button size="sm" variant="ghost" onClick={draft.discard}>
              Discard
            </Button>
          </div>
        </div>
      )}
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
