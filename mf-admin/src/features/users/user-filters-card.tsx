import { ROLE_LABELS, ROLES, USER_STATUS_LABELS, USER_STATUSES, type Role, type UserStatus } from '@kcf/contracts';
import { Card, CardContent, Field, FilterBar, Input, Select } from '@kcf/ui';
import { useSearchBox } from '@kcf/web-kit';
import type { ListFilterBarProps } from '@kcf/web-kit/lists';
import type { UserFilters } from './user-filters';

type Props = ListFilterBarProps<UserFilters>;

/** Search (name, username or email), role and status; 'All' means no filter. The server does the filtering. */
export function UserFiltersCard({ filters, onChange, errors = {} }: Props) {
  const [search, setSearch] = useSearchBox(filters, onChange);

  return (
    <Card>
      <CardContent>
        <FilterBar
          label="Filter users"
          active={[filters.role, filters.status].filter(Boolean).length}
          search={
            <Field label="Search" error={errors.search}>
              <Input
                type="search"
                placeholder="Search by name, username or email..."
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                autoComplete="off"
              />
            </Field>
          }
        >
          <Field label="Role" error={errors.role}>
            <Select
              value={filters.role}
              onChange={(e) => onChange({ ...filters, role: e.target.value as Role | '' })}
              placeholder="All Roles"
              options={ROLES}
              labels={ROLE_LABELS}
            />
          </Field>
          <Field label="Status" error={errors.status}>
            <Select
              value={filters.status}
              onChange={(e) => onChange({ ...filters, status: e.target.value as UserStatus | '' })}
              placeholder="All Statuses"
              options={USER_STATUSES}
              labels={USER_STATUS_LABELS}
            />
          </Field>
        </FilterBar>
      </CardContent>
    </Card>
  );
}
