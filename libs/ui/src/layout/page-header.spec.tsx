/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('names the page in its one heading, with the subtitle under it', () => {
    const { container } = render(
      <PageHeader title="Gifts" subtitle="Manage Christmas and Special gifts for beneficiaries" />,
    );
    const header = container.firstElementChild as HTMLElement;
    expect(header.tagName).toBe('HEADER');
    expect(header.className).toBe('kcf-page-header');
    const heading = screen.getByRole('heading', { level: 1, name: 'Gifts' });
    expect(heading.className).toBe('kcf-page-title');
    const subtitle = screen.getByText('Manage Christmas and Special gifts for beneficiaries');
    expect(subtitle.tagName).toBe('P');
    expect(subtitle.className).toBe('kcf-page-subtitle');
    expect(heading.nextElementSibling).toBe(subtitle);
  });

  it('leaves out the subtitle and the actions when there are none', () => {
    const { container } = render(<PageHeader title="Dashboard" subtitle={undefined} />);
    expect(container.querySelector('.kcf-page-subtitle')).toBeNull();
    expect(container.querySelector('.kcf-row')).toBeNull();
    expect((container.firstElementChild as HTMLElement).children).toHaveLength(1);
  });

  it('puts the actions in a row beside the title, and more lines under the subtitle', () => {
    const { container } = render(
      <PageHeader
        title="Finances"
        subtitle="Income and expenses"
        actions={<button type="button">Add Income</button>}
        className="page"
      >
        <p>Totals</p>
      </PageHeader>,
    );
    const header = container.firstElementChild as HTMLElement;
    expect(header.className).toBe('kcf-page-header page');
    const [titleBlock, actions] = Array.from(header.children);
    expect(titleBlock.textContent).toBe('FinancesIncome and expensesTotals');
    expect(actions.className).toBe('kcf-row');
    expect(actions.querySelector('button')?.textContent).toBe('Add Income');
  });
});
