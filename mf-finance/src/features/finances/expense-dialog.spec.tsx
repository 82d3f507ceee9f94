/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Beneficiary, Expense } from '@kcf/contracts';
import { renderWithProviders } from '@kcf/testing/web';
import { fakeServer } from '../../shared/fake-server';
import { ExpenseDialog } from './expense-dialog';

const stamp = '2026-11-01T08:00:00.000Z';
const expense: Expense = {
  id: 'e1',
  amount: '250.00',
  category: 'school_fees',
  beneficiaryId: 'KCF-000007',
  date: '2026-11-01',
  description: 'Term fees',
  receiptUrl: null,
  createdBy: 'u1',
  createdAt: stamp,
  updatedAt: stamp,
};
const asha = { id: 'KCF-000012', fullName: 'Asha Njeri', photoUrl: null } as unknown as Beneficiary;

describe('ExpenseDialog', () => {
  it('finds the child with the searchable picker instead of listing every child', async () => {
    const server = fakeServer((path, query) => ({
      body: path === '/api/beneficiaries' && query.get('search') === 'Asha' ? [asha] : [],
    }));
    renderWithProviders(<ExpenseDialog expense={null} onClose={() => undefined} />);
    expect(screen.queryByRole('combobox', { name: /Beneficiary/ })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: /Beneficiary/ }), { target: { value: 'Asha' } });
    fireEvent.click(await screen.findByRole('button', { name: /Asha Njeri/ }));
    expect(screen.getByText('KCF-000012')).toBeTruthy();
    expect(server.urls.some((u) => u.startsWith('/api/beneficiaries?') && u.includes('limit=500'))).toBe(false);
  });

  it('shows the child an expense already names, and lets it be changed or removed', async () => {
    fakeServer(() => ({ body: [] }));
    renderWithProviders(<ExpenseDialog expense={expense} onClose={() => undefined} />);
    expect(screen.getByText('KCF-000007')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: /Beneficiary/ })).toBeTruthy());
  });
});
