import { useEffect, useRef, useState } from 'react';
import { userDisplayName, type User } from '@kcf/contracts';
import { Card, CardContent, Field, Input, Select } from '@kcf/ui';
import { ACTION_GROUP_LABELS, ACTION_GROUPS, DOMAIN_LABELS, DOMAINS, ENTITY_TYPE_LABELS, ENTITY_TYPES, type AuditFilters } from './audit-filters';
import * as styles from './audit.module.css';

const TYPING_DELAY_MS = 300;

interface Props {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The people to choose from (GET /api/users); empty while they load. */
  users: User[];
}

/** Person, child (by Beneficiary ID), domain, entity, action group and date range; empty means every one. */
export function AuditFiltersCard({ filters, onChange, users }: Props) {
  const [child, setChild] = useState(filters.beneficiaryId);
  useEffect(() => setChild(filters.beneficiaryId), [filters.beneficiaryId]);

  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // Asks the server once typing pauses, not on every key.
  useEffect(() => {
    const id = child.trim().toUpperCase();
    if (id === latest.current.filters.beneficiaryId) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, beneficiaryId: id }), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [child]);

  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => onChange({ ...filters, [key]: e.target.value });
  const known = users.some((u) => u.id === filters.actor);
  const personLabels = Object.fromEntries(users.map((u) => [u.id, `${userDisplayName(u)} (${u.username})`]));

  return (
    <Card>
      <CardContent>
        <div className={styles.filters}>
          <Field label="Person">
            <Select value={filters.actor} onChange={set('actor')} placeholder="Everyone" options={users.map((u) => u.id)} labels={personLabels}>
              {filters.actor && !known && <option value={filters.actor}>{filters.actor}</option>}
            </Select>
          </Field>
          <Field label="Child (Beneficiary ID)">
            <Input type="search" placeholder="e.g. KCF-000123" value={child} onChange={(e) => setChild(e.target.value)} autoComplete="off" />
          </Field>
          <Field label="Domain">
            <Select value={filters.domain} onChange={set('domain')} placeholder="All Domains" options={DOMAINS} labels={DOMAIN_LABELS} />
          </Field>
          <Field label="Entity">
            <Select value={filters.entityType} onChange={set('entityType')} placeholder="All Entities" options={ENTITY_TYPES} labels={ENTITY_TYPE_LABELS} />
          </Field>
          <Field label="Action">
            <Select value={filters.action} onChange={set('action')} placeholder="All Actions" options={ACTION_GROUPS} labels={ACTION_GROUP_LABELS} />
          </Field>
          <Field label="From">
            <Input type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </Field>
          <Field label="To">
            <Input type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </Field>
        </div>
      </CardContent>
    </Card>
  );
}
