/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Input } from './controls';
import { Field } from './field';

/** A form field as `useForm().bind` wires it: the value kept as YYYY-MM-DD, set from `event.target.value`. */
function DateField({
  initial = '',
  min,
  max,
  keep = (v: string) => v,
}: {
  initial?: string;
  min?: string;
  max?: string;
  keep?: (v: string) => string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field label="Date Given" error={null} hint="When it was handed over">
        <Input
          type="date"
          name="dateGiven"
          value={value}
          min={min}
          max={max}
          onChange={(e) => setValue(keep(e.target.value))}
        />
      </Field>
      <output data-testid="value">{value}</output>
    </>
  );
}

const text = () => screen.getByLabelText('Date Given') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;
const type = (typed: string) => fireEvent.change(text(), { target: { value: typed } });

describe('Input type="date"', () => {
  it("shows the form value day first in a text box the label names, not in the browser's own order", () => {
    render(<DateField initial="2026-11-24" />);
    expect(text().type).toBe('text');
    expect(text().value).toBe('24/11/2026');
    expect(text().name).toBe('dateGiven');
    expect(text().placeholder).toBe('DD/MM/YYYY');
  });

  it('keeps YYYY-MM-DD for the form when a date is typed day first', () => {
    render(<DateField />);
    type('05/01/2026');
    expect(value()).toBe('2026-01-05');
    expect(text().value).toBe('05/01/2026');
    type('7.3.2025');
    expect(value()).toBe('2025-03-07');
    fireEvent.blur(text());
    expect(text().value).toBe('07/03/2025');
  });

  it('hands a day that does not exist to the form as typed, so its schema says the date is not valid', () => {
    render(<DateField />);
    type('31/02/2026');
    expect(value()).toBe('31/02/2026');
    expect(text().value).toBe('31/02/2026');
    type('');
    expect(value()).toBe('');
  });

  it('keeps what is being typed when the form drops an unfinished date', () => {
    render(<DateField keep={(v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '')} />);
    type('24/11');
    expect(value()).toBe('');
    expect(text().value).toBe('24/11');
    type('24/11/2026');
    expect(value()).toBe('2026-11-24');
  });

  it('offers the calendar, limited to min and max, and shows the day picked there', () => {
    render(<DateField min="2026-01-01" max="2026-12-31" />);
    expect(screen.getByRole('button', { name: 'Choose date from calendar' })).toBeTruthy();
    const picker = document.querySelector('input[type="date"]') as HTMLInputElement;
    expect(picker.min).toBe('2026-01-01');
    expect(picker.max).toBe('2026-12-31');
    expect(picker.tabIndex).toBe(-1);
    fireEvent.change(picker, { target: { value: '2026-06-15' } });
    expect(value()).toBe('2026-06-15');
    expect(text().value).toBe('15/06/2026');
  });

  it("tells screen readers the order to type the date in, after the field's own hint", () => {
    render(<DateField />);
    const described = (text().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['When it was handed over', 'Day, month, year (DD/MM/YYYY)']);
  });

  it('follows a value the form sets itself (a reset)', () => {
    function Resettable() {
      const [value, setValue] = useState('2026-11-24');
      return (
        <>
          <Field label="Date Given">
            <Input type="date" value={value} onChange={(e) => setValue(e.target.value)} />
          </Field>
          <button type="button" onClick={() => setValue('2025-01-02')}>
            Reset
          </button>
        </>
      );
    }
    render(<Resettable />);
    type('01/01/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(text().value).toBe('02/01/2025');
  });
});
