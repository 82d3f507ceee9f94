import { useEffect, useRef, useState } from 'react';
import { GIFT_TYPE_LABELS, GIFT_TYPES } from '@kcf/contracts';
import { Card, CardContent, Field, Input, Select } from '@kcf/ui';
import type { GiftFilters } from './gift-list-state';
import * as styles from './gifts.module.css';

const SEARCH_DELAY_MS = 300;

interface Props {
  filters: GiftFilters;
  onChange: (filters: GiftFilters) => void;
}

/** Search (child's name or ID), gift type, the dates given (from, to) and the date order. */
export function GiftFiltersBar({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);

  // The address may change the search (Back, Clear filters); the box follows it.
  useEffect(() => setSearch(filters.search), [filters.search]);

  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // Asks the server once typing pauses, not on every key.
  useEffect(() => {
    if (search === latest.current.filters.search) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const set = (key: keyof GiftFilters) => (e: { target: { value: string } }) => onChange({ ...filters, [key]: e.target.value });

  return (
    <Card>
      <CardContent>
        <div className={styles.filters}>
          <Field label="Search">
            <Input
              type="search"
              placeholder="Search by child name or ID..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </Field>
          <Field label="Gift Type">
            <Select value={filters.giftType} onChange={set('giftType')} placeholder="All Types" options={GIFT_TYPES} labels={GIFT_TYPE_LABELS} />
          </Field>
          <Field label="From">
            <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </Field>
          <Field label="To">
            <Input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </Field>
          <Field label="Sort">
            <Select value={filters.dir} onChange={set('dir')} options={['desc', 'asc']} labels={{ desc: 'Newest first', asc: 'Oldest first' }} />
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
