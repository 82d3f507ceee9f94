/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { Input, Select } from './controls';
import { Field } from './field';

describe('Field', () => {
  it('ties the label and the error text to the control', () => {
    render(
      <Field label="Full name" error="Full name is required" hint="As on the birth certificate" required>
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText(/Full name/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['As on the birth certificate', 'Full name is required']);
  });

  it('marks nothing invalid without an error and keeps an id the control already has', () => {
    render(
      <Field label="County">
        <Select id="county">
          <option value="kakamega">Kakamega</option>
        </Select>
      </Field>,
    );
    const select = screen.getByLabelText('County');
    expect(select.id).toBe('county');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/required/)).toBeNull();
  });

  it('hands the wiring to a render function', () => {
    render(<Field label="Notes">{(control) => <textarea {...control} />}</Field>);
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
  });
});
