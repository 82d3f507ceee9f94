import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { FailureOptions } from '../notify/failure-toast';
import { useNotify } from '../notify/use-notify';
import { fieldErrorsFromAnswer, firstErrorPerField, type FieldErrors, type FormSchema } from './field-errors';
import { useFormDraft, type FormDraft } from './use-form-draft';

export interface UseFormOptions<V extends object, T, R = unknown> {
  /** What the inputs start with (a function runs once, on the first render). */
  initial: V | (() => V);
  /** Checked on submit: the contract's schema, so the form shows the rules and messages the server applies. */
  schema?: FormSchema<T>;
  /** Checks the schema cannot make (a chosen file's type and size): field -> message, or null when fine. */
  check?: (values: V) => Record<string, string | null | undefined>;
  /**
   * The save, with what the schema gave back (the values themselves when there is no schema). Call the API
   * through `apiRequest` (directly or through the app's *-api.ts helpers): it adds the Idempotency-Key and
   * sends the same save again when its answer was lost.
   */
  submit: (data: T, values: V) => Promise<R>;
  /**
   * A last look before the save, the spinner already turning (e.g. the balance read fresh from the
   * server): false stops without saving and without a toast (it tells the user why itself).
   */
  beforeSubmit?: (data: T) => boolean | Promise<boolean>;
  /** The success toast's text ('Income created successfully'); none when absent. */
  success?: string;
  /** The failure toast's text when the server sent no message ('Failed to create income'); none when absent. */
  failure?: string;
  /** How that failure toast reads (see `useNotify().failure`). */
  failureToast?: FailureOptions;
  /** After a successful save and its toast: refresh what showed the record, close the dialog (or `form.reset()`). */
  onSuccess?: (answer: R, form: FormControls<V>) => void | Promise<void>;
  /** After a failed save (and its toast, if `failure` is given), e.g. to word the failure under a field. */
  onError?: (err: unknown, form: FormControls<V>) => void;
  /** When the values did not pass: `errors` are already shown; `form` is the submitted element, if any. */
  onInvalid?: (errors: FieldErrors, form: HTMLFormElement | null) => void;
}

/** The fields of `V` that hold text (what an input, select or textarea edits). */
export type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What `bind(field)` spreads onto an input, select or textarea. */
export interface BoundControl {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** What the callbacks may change. */
export type FormControls<V extends object> = Pick<Form<V>, 'set' | 'setError' | 'reset'>;

export interface Form<V extends object> {
  values: V;
  /** One message per field: the schema's on submit, the server's after a refused save; a field's goes when it is edited. */
  errors: FieldErrors;
  /** What the last save failed with (until the next submit), for a line inside the form. */
  failure: unknown;
  /** The save is running: show the spinner, keep the dialog open. */
  submitting: boolean;
  /** Changes one value and clears that field's message. */
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  /** `<Input {...form.bind('amount')} />`: the control's name, value and onChange (which clears its message). */
  bind: (field: TextField<V>) => BoundControl;
  /** Shows (or, with null, clears) one field's message, e.g. a file checked as soon as it is chosen. */
  setError: (field: string, message: string | null) => void;
  /** Puts the values back (to `initial`, or to the given ones) and clears every message. */
  reset: (values?: V) => void;
  /** The form's onSubmit: validate, then save once (a second submit while saving is ignored). */
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /**
   * The fields kept in sessionStorage while the form's dialog is open (its `FormDialog` calls `keep`), offered
   * back when the same user opens the same dialog after a lost session; dropped after a successful save.
   */
  draft: FormDraft;
}

/**
 * One way to run a form: its values, validation on submit with the first message per field, messages
 * cleared on edit, the saving state, the save, and its success and failure toasts. On failure the values
 * stay, with the per-field messages of a 400 answer.
 */
export function useForm<V extends object, T = V, R = unknown>(options: UseFormOptions<V, T, R>): Form<V> {
  const [initial] = useState(options.initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const notify = useNotify();
  const latest = useRef({ options, values, submitting: false });
  latest.current.options = options;
  latest.current.values = values;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setError = useCallback((field: string, message: string | null) => {
    setErrors((current) => {
      if (message !== null) return { ...current, [field]: message };
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const set = useCallback(
    <K extends keyof V>(field: K, value: V[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setError(String(field), null);
    },
    [setError],
  );

  const bind = (field: TextField<V>): BoundControl => ({
    name: field,
    value: values[field] as string,
    onChange: (event) => set(field, event.target.value as V[TextField<V>]),
  });

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initial);
      setErrors({});
      setFailure(null);
    },
    [initial],
  );

  const { saved: draftSaved, ...draft } = useFormDraft(values, initial, reset);

  const handleSubmit = useCallback(
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const controls: FormControls<V> = { set, setError, reset };
      const { options: o, values: current } = latest.current;
      if (latest.current.submitting) return;
      const result = o.schema ? o.schema.safeParse(current) : { success: true as const, data: current as unknown as T };
      const found: FieldErrors = result.success ? {} : firstErrorPerField(result.error.issues);
      for (const [field, message] of Object.entries(o.check?.(current) ?? {})) if (message) found[field] = message;
      setErrors(found);
      setFailure(null);
      if (!result.success || Object.keys(found).length > 0) {
        o.onInvalid?.(found, event?.currentTarget ?? null);
        return;
      }
      latest.current.submitting = true;
      setSubmitting(true);
      try {
        if (o.beforeSubmit && !(await o.beforeSubmit(result.data))) return;
        const answer = await o.submit(result.data, current);
        draftSaved();
        if (o.success) notify.success(o.success);
        await o.onSuccess?.(answer, controls);
      } catch (err) {
        if (mounted.current) {
          setErrors(fieldErrorsFromAnswer(err));
          setFailure(err);
        }
        if (o.failure) notify.failure(err, o.failure, o.failureToast);
        o.onError?.(err, controls);
      } finally {
        latest.current.submitting = false;
        if (mounted.current) setSubmitting(false);
      }
    },
    [notify, set, setError, reset, draftSaved],
  );

  return { values, errors, failure, submitting, set, bind, setError, reset, handleSubmit, draft };
}
