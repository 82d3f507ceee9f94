/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

function Page({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Add Gift</button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add Gift"
        dismissible={dismissible}
        footer={<button onClick={() => setConfirming(true)}>Delete</button>}
      >
        <input aria-label="Description" />
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete gift"
        message="Are you sure? This action cannot be undone."
        onConfirm={() => setConfirming(false)}
      />
    </>
  );
}

describe('Dialog', () => {
  it('opens with focus inside, closes on Escape and gives focus back', () => {
    render(<Page />);
    const opener = screen.getByText('Add Gift');
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Add Gift' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its Close button', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('Add Gift'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape while not dismissible (a save is running)', () => {
    render(<Page dismissible={false} />);
    fireEvent.click(screen.getByText('Add Gift'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Add Gift' })).toBeTruthy();
  });

  it('keeps Tab inside the dialog', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('Add Gift'));
    const dialog = screen.getByRole('dialog');
    const deleteButton = screen.getByText('Delete');
    deleteButton.focus();
    fireEvent.keyDown(deleteButton, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(deleteButton);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes only the innermost dialog on Escape', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('Add Gift'));
    fireEvent.click(screen.getByText('Delete'));
    const confirm = screen.getByRole('dialog', { name: 'Delete gift' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(confirm.textContent).toContain('This action cannot be undone.');

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Delete gift' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add Gift' })).toBeTruthy();
  });
});
