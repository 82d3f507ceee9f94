/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { Field } from '../form/field';
import { Input, Select } from '../form/controls';
import { FilterBar } from './filter-bar';

function Filters({ active }: { active?: number }) {
  return (
    <FilterBar
      label="Filter beneficiaries"
      active={active}
      search={
        <Field label="Search">
          <Input type="search" />
        </Field>
      }
    >
      <Field label="County">
        <Select placeholder="All Counties" options={['kakamega']} />
      </Field>
    </FilterBar>
  );
}

describe('FilterBar', () => {
  it('names the filters and folds all but the search behind a Filters button that says how many are set', () => {
    const { rerender } = render(<Filters />);
    const bar = screen.getByRole('search', { name: 'Filter beneficiaries' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const folded = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(folded?.contains(screen.getByLabelText('County'))).toBe(true);
    expect(folded?.contains(screen.getByLabelText('Search'))).toBe(false);
    expect(bar.className).toBe('kcf-filters');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(bar.className).toBe('kcf-filters kcf-filters--open');

    rerender(<Filters active={2} />);
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBe(toggle);
  });
});
