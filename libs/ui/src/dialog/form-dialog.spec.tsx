/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { Select } from '../form/controls';
import { RowActions } from '../data/row-actions';
import { FormDialog } from './form-dialog';

describe('FormDialog', () => {
  const setUp = (submitting: boolean, error?: string) => {
    const form = { handleSubmit: jest.fn((e: { preventDefault: () => void }) => e.preventDefault()), submitting };
    const onClose = jest.fn();
    render(
      <FormDialog title="Add Income" form={form} onClose={onClose} submitLabel="Add Income" error={error}>
        <input aria-label="Source" />
      </FormDialog>,
    );
    return { form, onClose };
  };

  it('submits its form from the footer and closes with Cancel', () => {
    const { form, onClose } = setUp(false);
    expect(screen.getByRole('dialog', { name: 'Add Income' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Income' }));
    expect(form.handleSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('spins and cannot be closed while saving, and shows the form’s error line', () => {
    const { onClose } = setUp(true, 'Guardian phone is not a phone number');
    expect((screen.getByRole('button', { name: 'Add Income' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Guardian phone is not a phone number');
  });
});

describe('Select', () => {
  it('lists the placeholder, then one option per value with its label', () => {
    render(
      <Select
        aria-label="County"
        placeholder="Select county"
        options={['busia', 'kakamega']}
        labels={{ busia: 'Busia' }}
      />,
    );
    const options = [...(screen.getByLabelText('County') as HTMLSelectElement).options].map((o) => [
      o.value,
      o.textContent,
    ]);
    expect(options).toEqual([
      ['', 'Select county'],
      ['busia', 'Busia'],
      ['kakamega', 'kakamega'],
    ]);
  });
});

describe('RowActions', () => {
  it('offers only the actions it is given a handler for', () => {
    const onDelete = jest.fn();
    render(<RowActions name="Term 1 fee" onDelete={onDelete} />);
    expect(screen.queryByRole('button', { name: 'Edit Term 1 fee' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Term 1 fee' }));
    expect(onDelete).toHaveBeenCalled();
  });
});
