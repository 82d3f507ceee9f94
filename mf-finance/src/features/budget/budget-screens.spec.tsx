/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { BudgetItem } from '@kcf/contracts';
import { renderWithProviders } from '@kcf/testing/web';
import { BudgetBreakdown } from './budget-breakdown';
import { BudgetDetailsDialog } from './budget-details-dialog';
import { budgetItem } from './budget-item.fixture';

const item = (extra: Partial<BudgetItem>) =>
  budgetItem({ id: 'b1', quarter: 'Term 3', plannedAmount: '1000.00', ...extra });

const noop = () => undefined;
const breakdown = (props: Partial<Parameters<typeof BudgetBreakdown>[0]>) =>
  render(
    <BudgetBreakdown
      term="Term 3"
      onTermChange={noop}
      year={2025}
      items={[]}
      mayEdit={false}
      mayDelete={false}
      onView={noop}
      onEdit={noop}
      onDelete={noop}
      onAnnual={noop}
      running={null}
      {...props}
    />,
  );

describe('BudgetBreakdown', () => {
  it('says when the chosen term has no budget items', () => {
    breakdown({ term: 'Term 1', items: [] });
    expect(screen.getByText('No budget items found for Term 1 2025')).toBeTruthy();
  });

  it('rounds the progress and offers a viewer only View', () => {
    breakdown({ items: [item({ usedAmount: '125.50' })] });
    const row = screen.getByRole('row', { name: /School Fees/ });
    expect(within(row).getByText('13%')).toBeTruthy();
    expect(within(row).getByText('KES 874.50')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'View School Fees budget' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });

  it('gives an admin Edit, and Delete only to whoever may delete', () => {
    const onDelete = jest.fn();
    breakdown({ items: [item({})], mayEdit: true, mayDelete: true, onDelete });
    fireEvent.click(screen.getByRole('button', { name: 'Delete School Fees budget' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }));
    expect(screen.getByRole('button', { name: 'Edit School Fees budget' })).toBeTruthy();
  });

  it('switches terms with the selector buttons', () => {
    const onTermChange = jest.fn();
    breakdown({ onTermChange });
    expect(screen.getByRole('button', { name: 'Term 3' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Term 1' }));
    expect(onTermChange).toHaveBeenCalledWith('Term 1');
  });
});

describe('BudgetDetailsDialog', () => {
  const bar = () => document.querySelector('.kcf-progress__bar') as HTMLElement;

  it.each([
    ['800.00', 'green', '80.0%'],
    ['800.10', 'yellow', '80.0%'],
    ['1000.00', 'yellow', '100.0%'],
    ['1000.01', 'red', '100.0%'],
  ])('colours a use of %s out of 1,000 %s', (usedAmount, colour, shown) => {
    renderWithProviders(<BudgetDetailsDialog budget={item({ usedAmount })} onOpenChange={noop} mayEdit={false} />);
    expect(bar().className).toContain(`kcf-progress__bar--${colour}`);
    expect(screen.getByTestId('usage-percent').textContent).toBe(shown);
  });

  it('caps the bar at 100% and says by how much the budget is exceeded', () => {
    renderWithProviders(
      <BudgetDetailsDialog budget={item({ usedAmount: '1500.00' })} onOpenChange={noop} mayEdit={false} />,
    );
    expect(bar().style.width).toBe('100%');
    expect(screen.getByRole('alert').textContent).toBe('Budget exceeded by KES 500.00');
  });

  it('edits planned amount and notes in place; Cancel puts the stored values back', () => {
    renderWithProviders(<BudgetDetailsDialog budget={item({ notes: 'Fees' })} onOpenChange={noop} mayEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const planned = screen.getByLabelText(/^Planned Amount/) as HTMLInputElement;
    fireEvent.change(planned, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Planned amount must be a valid positive number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Planned Amount').parentElement?.textContent).toBe('Planned AmountKES 1,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText(/^Planned Amount/) as HTMLInputElement).value).toBe('1000.00');
    expect((screen.getByLabelText(/^Notes/) as HTMLTextAreaElement).value).toBe('Fees');
  });

  it('offers no Edit to a viewer', () => {
    renderWithProviders(<BudgetDetailsDialog budget={item({})} onOpenChange={noop} mayEdit={false} />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
