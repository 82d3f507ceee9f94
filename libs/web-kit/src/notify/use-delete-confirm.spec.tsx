/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@kcf/testing/web';
import { ApiError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { useDeleteConfirm, type DeleteConfirmOptions } from './use-delete-confirm';

interface Fee {
  id: string;
  term: string;
}

function Screen(options: Pick<DeleteConfirmOptions<Fee>, 'run' | 'after' | 'failureToast'>) {
  const remove = useDeleteConfirm<Fee>({
    title: (f) => `Delete ${f.term} Fee`,
    message: (f) => `Are you sure you want to delete the ${f.term} fee? This action cannot be undone.`,
    successMessage: 'School fee entry deleted successfully',
    failureMessage: 'Failed to delete school fee entry',
    ...options,
  });
  return (
    <>
      <button onClick={() => remove.ask({ id: 'f1', term: 'Term 1' })}>Delete fee</button>
      {remove.dialog}
    </>
  );
}

const confirm = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  });
};

describe('useDeleteConfirm', () => {
  it('asks first, deletes, says so, closes and refreshes', async () => {
    const run = jest.fn().mockResolvedValue(undefined);
    const after = jest.fn();
    render(<Screen run={run} after={after} />, {
      wrapper: ({ children }) => <Providers client={createQueryClient()}>{children}</Providers>,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete fee' }));
    expect(screen.getByRole('dialog', { name: 'Delete Term 1 Fee' })).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    await confirm();
    expect(run).toHaveBeenCalledWith({ id: 'f1', term: 'Term 1' });
    expect(after).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('School fee entry deleted successfully')).toBeTruthy();
  });

  it('stays open and tells the failure the way it is asked to', async () => {
    const refused = new ApiError(409, '409: {"message":"In use"}', { message: 'In use' });
    render(<Screen run={jest.fn().mockRejectedValue(refused)} failureToast={{ serverMessage: false }} />, {
      wrapper: ({ children }) => <Providers client={createQueryClient()}>{children}</Providers>,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete fee' }));
    await confirm();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Failed to delete school fee entry')).toBeTruthy();
    expect(screen.queryByText('In use')).toBeNull();
  });
});
