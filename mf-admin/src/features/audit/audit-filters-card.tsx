import { useState } from 'react';
import { userDisplayName, type BeneficiarySummary, type User } from '@kcf/contracts';
import { Card, CardContent, Field, FilterBar, Input, Select } from '@kcf/ui';
import { BeneficiaryPicker, thumbnailSrc } from '@kcf/web-kit';
import { useFilteredChild } from './audit-api';
import {
  ACTION_GROUP_LABELS,
  ACTION_GROUPS,
  DOMAIN_LABELS,
  DOMAINS,
  ENTITY_TYPE_LABELS,
  ENTITY_TYPES,
  type AuditFilters,
} from './audit-filters';

interface Props {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The people to choose from (GET /api/users); empty while they load. */
  users: User[];
}

/** The child (searched by name or Beneficiary ID), person, domain, entity, action group and date range; empty means every one. */
export function AuditFiltersCard({ filters, onChange, users }: Props) {
  const [picked, setPicked] = useState<BeneficiarySummary | null>(null);
  const childId = filters.beneficiaryId;
  const chosen = picked?.id === childId ? picked : null;
  // A child named by the address alone (a link, Back) is named by the server; until then, or if it cannot say, by its id.
  const named = useFilteredChild(childId, chosen !== null);
  const child: BeneficiarySummary | null = childId
    ? (chosen ?? { id: childId, fullName: named.data?.fullName ?? '', photoUrl: thumbnailSrc(named.data) })
    : null;
  const pickChild = (next: BeneficiarySummary | null) => {
    setPicked(next);
    onChange({ ...filters, beneficiaryId: next?.id ?? '' });
  };

  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) =>
    onChange({ ...filters, [key]: e.target.value });
  const known = users.some((u) => u.id === filters.actor);
  const active = [filters.actor, filters.domain, filters.entityType, filters.action, filters.from, filters.to].filter(
    Boolean,
  ).length;
  const personLabels = Object.fromEntries(users.map((u) => [u.id, `${userDisplayName(u)} (${u.username})`]));

  return (
    <Card>
      <CardContent>
        <FilterBar
          label="Filter activity"
          active={active}
          search={
            <Field label="Child">
              {(control) => (
                <BeneficiaryPicker
                  value={child}
                  onChange={pickChild}
                  inputId={control.id}
                  placeholder="Search by name or Beneficiary ID"
                  clearLabel="Clear"
                />
              )}
            </Field>
          }
        >
          <Field label="Person">
            <Select
              value={filters.actor}
              onChange={set('actor')}
              placeholder="Everyone"
              options={users.map((u) => u.id)}
              labels={personLabels}
            >
              {filters.actor && !known && <option value={filters.actor}>{filters.actor}</option>}
            </Select>
          </Field>
          <Field label="Domain">
            <Select
              value={filters.domain}
              onChange={set('domain')}
              placeholder="All Domains"
              options={DOMAINS}
              labels={DOMAIN_LABELS}
            />
          </Field>
          <Field label="Entity">
            <Select
              value={filters.entityType}
              onChange={set('entityType')}
              placeholder="All Entities"
              options={ENTITY_TYPES}
              labels={ENTITY_TYPE_LABELS}
            />
          </Field>
          <Field label="Action">
            <Select
              value={filters.action}
              onChange={set('action')}
              placeholder="All Actions"
              options={ACTION_GROUPS}
              labels={ACTION_GROUP_LABELS}
            />
          </Field>
          <Field label="From">
            <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </Field>
          <Field label="To">
            <Input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </Field>
        </FilterBar>
      </CardContent>
    </Card>
  );
}
