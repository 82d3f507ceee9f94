import { useEffect, useRef, useState } from 'react';
import { COUNTIES, COUNTY_LABELS } from '@kcf/contracts';
import { Card, CardContent, Field, Input, Select } from '@kcf/ui';
import type { ListFilters } from '../api';
import * as styles from '../beneficiaries.module.css';

const SEARCH_DELAY_MS = 300;

interface Props {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}

/** Search (name or ID), county (all four), school status and special needs; 'All' means no filter. */
export function BeneficiaryFilters({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);

  // The address may change the search (Back); the box follows it.
  useEffect(() => setSearch(filters.search), [filters.search]);

  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // Asks the server once typing pauses, not on every key.
  useEffect(() => {
    if (search === latest.current.filters.search) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <Card>
      <CardContent>
        <div className={styles.filters}>
          <Field label="Search">
            <Input
              type="search"
              placeholder="Search by name or ID..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </Field>
          <Field label="County">
            <Select value={filters.county} onChange={(e) => onChange({ ...filters, county: e.target.value })}>
              <option value="">All Counties</option>
              {COUNTIES.map((county) => (
                <option key={county} value={county}>
                  {COUNTY_LABELS[county]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="School Status">
            <Select
              value={filters.schoolStatus}
              onChange={(e) => onChange({ ...filters, schoolStatus: e.target.value })}
            >
              <option value="">All Statuses</option>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </Select>
          </Field>
          <Field label="Special Needs">
            <Select
              value={filters.specialNeeds}
              onChange={(e) => onChange({ ...filters, specialNeeds: e.target.value })}
            >
              <option value="">All</option>
              <option value="yes">Has special needs</option>
              <option value="no">No special needs</option>
            </Select>
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
