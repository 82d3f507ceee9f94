import { CONSENT_LIST_FILTER_LABELS, CONSENT_LIST_FILTERS, COUNTIES, COUNTY_LABELS } from '@kcf/contracts';
import { Card, CardContent, Field, FilterBar, Input, Select } from '@kcf/ui';
import { useSearchBox } from '@kcf/web-kit';
import type { ListFilterBarProps } from '@kcf/web-kit/lists';
import type { ListFilters } from '../api';

type Props = ListFilterBarProps<ListFilters>;

/** Search (name or ID), county (all four), school status, special needs and consent; 'All' means no filter. */
export function BeneficiaryFilters({ filters, onChange, errors = {} }: Props) {
  const [search, setSearch] = useSearchBox(filters, onChange);
  const active = [filters.county, filters.schoolStatus, filters.specialNeeds, filters.consent].filter(Boolean).length;

  return (
    <Card>
      <CardContent>
        <FilterBar
          label="Filter beneficiaries"
          active={active}
          search={
            <Field label="Search" error={errors.search}>
              <Input
                type="search"
                placeholder="Search by name or ID..."
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                autoComplete="off"
              />
            </Field>
          }
        >
          <Field label="County" error={errors.county}>
            <Select
              value={filters.county}
              onChange={(e) => onChange({ ...filters, county: e.target.value })}
              placeholder="All Counties"
              options={COUNTIES}
              labels={COUNTY_LABELS}
            />
          </Field>
          <Field label="School Status" error={errors.schoolStatus}>
            <Select
              value={filters.schoolStatus}
              onChange={(e) => onChange({ ...filters, schoolStatus: e.target.value })}
              placeholder="All Statuses"
              options={['active', 'inactive']}
              labels={{ active: 'Active', inactive: 'Inactive' }}
            />
          </Field>
          <Field label="Special Needs" error={errors.specialNeeds}>
            <Select
              value={filters.specialNeeds}
              onChange={(e) => onChange({ ...filters, specialNeeds: e.target.value })}
              placeholder="All"
              options={['yes', 'no']}
              labels={{ yes: 'Has special needs', no: 'No special needs' }}
            />
          </Field>
          <Field label="Consent" error={errors.consent}>
            <Select
              value={filters.consent}
              onChange={(e) => onChange({ ...filters, consent: e.target.value })}
              placeholder="All"
              options={CONSENT_LIST_FILTERS}
              labels={CONSENT_LIST_FILTER_LABELS}
            />
          </Field>
        </FilterBar>
      </CardContent>
    </Card>
  );
}
