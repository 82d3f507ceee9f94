import { TRANSACTION_SEARCH_MAX, isValidIsoDate } from '@kcf/contracts';
import { Field, FilterBar, Input } from '@kcf/ui';
import { useSearchBox } from '@kcf/web-kit';
import type { ListFilterBarProps } from '@kcf/web-kit/lists';
import type { TransactionFilters } from './transaction-filters';

type Props = ListFilterBarProps<TransactionFilters>;

/** Search (income source or remarks, expense description or category) and the date range, From and To inclusive. */
export function TransactionFilterBar({ filters, onChange, errors = {} }: Props) {
  const [search, setSearch] = useSearchBox(filters, onChange);

  // A date still being typed (or one that does not exist) leaves the range as it was; a From after To moves To
  // to that day (and a To before From moves From), so the range never turns inside out.
  const setDate = (field: 'from' | 'to', value: string) => {
    if (value !== '' && !isValidIsoDate(value)) return;
    const next = { ...filters, [field]: value };
    if (next.from && next.to && next.from > next.to) next[field === 'from' ? 'to' : 'from'] = value;
    onChange(next);
  };

  return (
    <FilterBar
      label="Filter transactions"
      active={[filters.from, filters.to].filter(Boolean).length}
      search={
        <Field label="Search" error={errors.search}>
          <Input
            type="search"
            placeholder="Search description or source..."
            value={search}
            maxLength={TRANSACTION_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </Field>
      }
    >
      <Field label="From" error={errors.from}>
        <Input
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => setDate('from', e.target.value)}
        />
      </Field>
      <Field label="To" error={errors.to}>
        <Input
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => setDate('to', e.target.value)}
        />
      </Field>
    </FilterBar>
  );
}
