import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, Select, Textarea } from '@kcf/ui';
import { fieldErrorsFromIssues, showSaveFailure, type FieldErrors } from './form-errors';
import { useNotify } from './notify';
import * as styles from './record-dialog.module.css';

export type FormValues = Record<string, string>;

export interface FieldDef<V extends FormValues> {
  name: keyof V & string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'select' | 'textarea';
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty choice of a select ('Select category'). */
  placeholder?: string;
  required?: boolean;
  step?: string;
  min?: string;
  max?: string;
  /** Shown only while this holds (e.g. date resolved only when the status is resolved). */
  visible?: (values: V) => boolean;
  /** Spans both columns. */
  wide?: boolean;
}

interface SchemaLike {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export interface RecordDialogProps<V extends FormValues> {
  title: string;
  fields: ReadonlyArray<FieldDef<V>>;
  initial: V;
  /** The contract's body schema: the same rules and messages the server applies. */
  schema: SchemaLike;
  submitLabel: string;
  /** Sends the values; throws what the server answered. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  successMessage: string;
  failureMessage: string;
}

/** A small add/edit form in a dialog: checked with the contract's schema, kept open with its values on failure. */
export function RecordDialog<V extends FormValues>(props: RecordDialogProps<V>) {
  const { title, fields, initial, schema, submitLabel, onSubmit, onClose, successMessage, failureMessage } = props;
  const formId = useId();
  const notify = useNotify();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const shown = fields.filter((field) => !field.visible || field.visible(values));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = schema.safeParse(values);
    const found = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(values);
      notify.success(successMessage);
      onClose();
    } catch (err) {
      showSaveFailure(err, failureMessage, { setErrors, setServerError, notify });
    } finally {
      setSaving(false);
    }
  };

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      dismissible={!saving}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className={styles.form}>
        {serverError && (
          <p role="alert" className={styles.error}>
            {serverError}
          </p>
        )}
        <div className={styles.grid}>
          {shown.map((field) => (
            <Field
              key={field.name}
              label={field.label}
              required={field.required}
              error={errors[field.name]}
              className={field.wide || field.kind === 'textarea' ? styles.wide : undefined}
            >
              {control(field, values[field.name] ?? '', (value) => change(field.name, value))}
            </Field>
          ))}
        </div>
      </form>
    </Dialog>
  );
}

function control<V extends FormValues>(field: FieldDef<V>, value: string, onChange: (value: string) => void) {
  const common = { name: field.name, value };
  switch (field.kind) {
    case 'select':
      return (
        <Select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder ?? `Select ${field.label.toLowerCase()}`}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    case 'textarea':
      return <Textarea {...common} onChange={(e) => onChange(e.target.value)} />;
    default:
      return (
        <Input
          {...common}
          type={field.kind}
          step={field.step}
          min={field.min}
          max={field.max}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
