import { useState } from 'react';
import type { FieldErrors } from './form-errors';

/**
 * A form's text values and field errors: `set(field)` updates one value and clears that field's error
 * (spec §5: errors clear when the field is edited).
 */
export function useFormFields<V extends Record<string, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  return { values, errors, setErrors, set };
}
