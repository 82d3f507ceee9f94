/** @jest-environment jsdom */
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FormDialog } from '@kcf/ui';
import { currentUser, Providers } from '@kcf/testing/web';
import { createQueryClient } from '../api/query-client';
import { CURRENT_USER_QUERY_KEY } from '../auth/use-current-user';
import { DRAFT_KEY_PREFIX } from './form-draft';
import { useForm } from './use-form';

const blank = { source: '', amount: '', newPassword: '' };

function AddIncome({ save }: { save: (values: typeof blank) => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  const form = useForm({ initial: blank, submit: (values) => save(values), onSuccess: () => setOpen(false) });
  if (!open) return <button onClick={() => setOpen(true)}>Add Income</button>;
  return (
    <FormDialog title="Add Income" form={form} onClose={() => setOpen(false)} submitLabel="Save">
      <input aria-label="Source" {...form.bind('source')} />
      <input aria-label="Amount" {...form.bind('amount')} />
      <input aria-label="Password" {...form.bind('newPassword')} />
    </FormDialog>
  );
}

function open(userId: string, save: (values: typeof blank) => Promise<unknown> = async () => ({})) {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, currentUser({ id: userId }));
  return render(
    <Providers client={client}>
      <AddIncome save={save} />
    </Providers>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const NOTICE = 'You have unsaved changes from before you were logged out.';
const notice = () => screen.queryByText(NOTICE);
const drafts = () => Object.keys(sessionStorage).filter((key) => key.startsWith(DRAFT_KEY_PREFIX));

describe('a form dialog keeps its fields through a lost session', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/finances');
  });

  it('keeps what is typed (never a password) and offers it back to the same user in the same dialog', () => {
    const first = open('u1');
    type('Source', 'Church harambee');
    type('Amount', '2500');
    type('Password', 'Secr3t!pw');
    expect(drafts()).toHaveLength(1);
    expect(sessionStorage.getItem(drafts()[0])).not.toContain('Secr3t');
    // The session ends: the page goes to sign-in without closing the dialog.
    first.unmount();

    open('u1');
    expect(notice()).not.toBeNull();
    expect(valueOf('Source')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(valueOf('Source')).toBe('Church harambee');
    expect(valueOf('Amount')).toBe('2500');
    expect(valueOf('Password')).toBe('');
    expect(notice()).toBeNull();
  });

  it('offers nothing to another user signing in on the same browser', () => {
    const first = open('u1');
    type('Source', 'Church harambee');
    first.unmount();
    open('u2');
    expect(notice()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('Discard drops the kept fields', () => {
    const first = open('u1');
    type('Source', 'Church harambee');
    first.unmount();
    const second = open('u1');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(valueOf('Source')).toBe('');
    expect(drafts()).toEqual([]);
    second.unmount();
    open('u1');
    expect(notice()).toBeNull();
  });

  it('keeps nothing once the dialog is cancelled or closed by the user', () => {
    open('u1');
    type('Source', 'Church harambee');
    expect(drafts()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(drafts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Income' }));
    type('Source', 'Rotary');
    expect(drafts()).toHaveLength(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(drafts()).toEqual([]);
  });

  it('keeps nothing once the dialog is saved, and keeps it when the save fails', async () => {
    const save = jest
      .fn()
      .mockRejectedValueOnce(new Error('401: {"message":"Unauthorized"}'))
      .mockResolvedValueOnce({});
    open('u1', save);
    type('Source', 'Church harambee');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenCalledTimes(1);
    expect(drafts()).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenCalledTimes(2);
    expect(drafts()).toEqual([]);
  });

  it('keeps nothing while nobody is signed in', () => {
    render(
      <Providers client={createQueryClient()}>
        <AddIncome save={async () => ({})} />
      </Providers>,
    );
    type('Source', 'Church harambee');
    expect(drafts()).toEqual([]);
  });
});
