import { Field, FormDialog, Input, Select, Textarea } from '@kcf/ui';
import { errorMessageOf, useForm, type BoundControl, type FormSchema, type TextField } from '@kcf/web-kit';

export type FormValues = Record<string, string>;

export interface FieldDef<V extends FormValues> {
  name: keyof V & string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'select' | 'textarea';
  /** A select's values, and what each says (the value itself when absent). */
  options?: readonly string[];
  labels?: Readonly<Record<string, string>>;
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
  /** A short note under the control (e.g. why a choice is not offered). */
  hint?: string;
}

export interface RecordDialogProps<V extends FormValues> {
  title: string;
  fields: ReadonlyArray<FieldDef<V>>;
  initial: V;
  /** The contract's body schema: the same rules and messages the server applies. */
  schema: FormSchema<unknown>;
  submitLabel: string;
  /** Sends the values; throws what the server answered. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  successMessage: string;
  failureMessage: string;
}

/**
 * A small add/edit form in a dialog, described by its fields: checked with the contract's schema, kept open
 * with its values on failure, the server's message above the fields and the product's failure text in the toast.
 */
export function RecordDialog<V extends FormValues>(props: RecordDialogProps<V>) {
  const { title, fields, initial, schema, submitLabel, onSubmit, onClose, successMessage, failureMessage } = props;
  const form = useForm({
    initial,
    schema,
    submit: (_data, values) => onSubmit(values),
    success: successMessage,
    failure: failureMessage,
    failureToast: { serverMessage: false },
    onSuccess: onClose,
  });
  const { values, errors } = form;
  const shown = fields.filter((field) => !field.visible || field.visible(values));

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      form={form}
      submitLabel={submitLabel}
      error={form.failure ? errorMessageOf(form.failure, failureMessage) : null}
    >
      <div className="kcf-grid kcf-grid--2">
        {shown.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            required={field.required}
            hint={field.hint}
            error={errors[field.name]}
            className={field.wide || field.kind === 'textarea' ? 'kcf-span-all' : undefined}
          >
            {control(field, form.bind(field.name as TextField<V>))}
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}

function control<V extends FormValues>(field: FieldDef<V>, bound: BoundControl) {
  switch (field.kind) {
    case 'select':
      return (
        <Select
          {...bound}
          placeholder={field.placeholder ?? `Select ${field.label.toLowerCase()}`}
          options={field.options}
          labels={field.labels}
        />
      );
    case 'textarea':
      return <Textarea {...bound} />;
    default:
      return (
        <Input
          {...bound}
          type={field.kind}
          step={field.step}
          min={field.min}
          max={field.max}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
        />
      );
  }
}
