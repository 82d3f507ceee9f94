import { GIFT_TYPE_LABELS, GIFT_TYPES } from '@kcf/contracts';
import { Card, CardContent, Field, FilterBar, Input, Select } from '@kcf/ui';
import { useSearchBox } from '@kcf/web-kit';
import type { ListFilterBarProps } from '@kcf/web-kit/lists';
import type { GiftFilters } from './gift-list-state';

type Props = ListFilterBarProps<GiftFilters>;

/** Search (child's name or ID), gift type, the dates given (from, to) and the date order. */
export function GiftFiltersBar({ filters, onChange, errors = {} }: Props) {
  const [search, setSearch] = useSearchBox(filters, onChange);

  const set = (key: keyof GiftFilters) => (e: { target: { value: string } }) =>
    onChange({ ...filters, [key]: e.target.value });
  const active = [filters.giftType, filters.from, filters.to].filter(Boolean).length;

  return (
    <Card>
      <CardContent>
        <FilterBar
          label="Filter gifts"
          active={active}
          search={
            <Field label="Search" error={errors.search}>
              <Input
                type="search"
                placeholder="Search by child name or ID..."
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                autoComplete="off"
              />
            </Field>
          }
        >
          <Field label="Gift Type">
            <Select
              value={filters.giftType}
              onChange={set('giftType')}
              placeholder="All Types"
              options={GIFT_TYPES}
              labels={GIFT_TYPE_LABELS}
            />
          </Field>
          <Field label="From" error={errors.from}>
            <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </Field>
          <Field label="To" error={errors.to}>
            <Input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </Field>
          <Field label="Sort">
            <Select
              value={filters.dir}
              onChange={set('dir')}
              options={['desc', 'asc']}
              labels={{ desc: 'Newest first', asc: 'Oldest first' }}
            />
          </Field>
        </FilterBar>
      </CardContent>
    </Card>
  );
}
