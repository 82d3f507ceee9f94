import { useId, useRef, useState, type ChangeEvent, type ComponentProps, type FocusEvent } from 'react';
import { Calendar } from 'lucide-react';
import { cx } from '../cx';
import { dayFirstText, parseDayFirst } from './day-first-date';

export interface DateInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'defaultValue' | 'onChange'> {
  /** The form's value: `YYYY-MM-DD`, '' for none (or text typed that names no day, as it was handed on). */
  value?: string;
  /** Called with `event.target.value` as the form keeps it (see `value`). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A date typed day first (DD/MM/YYYY) whatever the browser's language, with the browser's calendar one
 * press away. The form keeps `YYYY-MM-DD`; a typed day that does not exist (31/02/2026) is handed on as
 * typed, so the form's schema answers that the date is not valid. `min` and `max` limit the calendar.
 */
export function DateInput({
  value = '',
  onChange,
  min,
  max,
  className,
  disabled,
  readOnly,
  name,
  placeholder = 'DD/MM/YYYY',
  onBlur,
  'aria-describedby': describedBy,
  ...rest
}: DateInputProps) {
  const formatId = `kcf-date-format-${useId()}`;
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => dayFirstText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The form changed the value (a reset, a day picked elsewhere): show it, unless it only dropped a date still being typed.
    setShown(value);
    const typed = parseDayFirst(text);
    const dropped = value === '' && typed === null && text.trim() !== '';
    if (!dropped && typed !== value) setText(dayFirstText(value));
  }

  const hand = (next: string, event: ChangeEvent<HTMLInputElement>) => {
    setShown(next);
    const target = { name: name ?? '', value: next };
    onChange?.({ ...event, target, currentTarget: target } as unknown as ChangeEvent<HTMLInputElement>);
  };

  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    setText(raw);
    hand(raw.trim() === '' ? '' : (parseDayFirst(raw) ?? raw.trim()), event);
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    setText(dayFirstText(event.target.value));
    hand(event.target.value, event);
  };

  const tidy = (event: FocusEvent<HTMLInputElement>) => {
    const iso = parseDayFirst(text);
    if (iso) setText(dayFirstText(iso));
    onBlur?.(event);
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
      input.click();
    }
  };

  const iso = parseDayFirst(text);
  return (
    <div className="kcf-date">
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        name={name}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readOnly}
        aria-describedby={[describedBy, formatId].filter(Boolean).join(' ')}
        onChange={typed}
        onBlur={tidy}
        className={cx('kcf-input', 'kcf-date__text', className)}
      />
      <span id={formatId} className="kcf-sr-only">
        Day, month, year (DD/MM/YYYY)
      </span>
      <input
        ref={picker}
        type="date"
        className="kcf-date__picker"
        tabIndex={-1}
        aria-hidden="true"
        value={iso ?? ''}
        min={min}
        max={max}
        disabled={disabled || readOnly}
        onChange={picked}
      />
      <button
        type="button"
        className="kcf-date__button"
        aria-label="Choose date from calendar"
        disabled={disabled || readOnly}
        onClick={openCalendar}
      >
        <Calendar size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
