/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { Field } from './field';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed, and hides it again', () => {
    render(
      <Field label="Password">
        <PasswordInput defaultValue="S3cret!pass" />
      </Field>,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(input.value).toBe('S3cret!pass');

    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });
});
