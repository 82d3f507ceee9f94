import { useEffect, useRef, useState } from 'react';
import { ROLE_LABELS, ROLES, USER_STATUS_LABELS, USER_STATUSES, type Role, type UserStatus } from '@kcf/contracts';
import { Card, CardContent, Field, Input, Select } from '@kcf/ui';
import type { UserFilters } from './user-filters';
import * as styles from './users.module.css';

const SEARCH_DELAY_MS = 300;

interface Props {
  filters: UserFilters;
  onChange: (filters: UserFilters) => void;
}

/** Search (name, username or email), role and status; 'All' means no filter. The server does the filtering. */
export function UserFiltersCard({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);

  // Clear filters empties the box too.
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
              placeholder="Search by name, username or email..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </Field>
          <Field label="Role">
            <Select
              value={filters.role}
              onChange={(e) => onChange({ ...filters, role: e.target.value as Role | '' })}
              placeholder="All Roles"
              options={ROLES}
              labels={ROLE_LABELS}
            />
          </Field>
          <Field label="Status">
            <Select
              value={filters.status}
              onChange={(e) => onChange({ ...filters, status: e.target.value as UserStatus | '' })}
              placeholder="All Statuses"
              options={USER_STATUSES}
              labels={USER_STATUS_LABELS}
            />
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
