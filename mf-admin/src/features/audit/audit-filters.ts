import { AUDIT_ENTITY_LABELS, entityLabel, type AuditActionGroup, type AuditDomain } from '@kcf/contracts';

/** The Audit log's filters, as the API names them; '' is no filter. */
export interface AuditFilters {
  /** A user's id. */
  actor: string;
  /** A child's Beneficiary ID (KCF-000123). */
  beneficiaryId: string;
  domain: string;
  entityType: string;
  /** An action group: change, view, export, security. */
  action: string;
  /** YYYY-MM-DD */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = {
  actor: '',
  beneficiaryId: '',
  domain: '',
  entityType: '',
  action: '',
  from: '',
  to: '',
};
const KEYS = Object.keys(NO_FILTERS) as (keyof AuditFilters)[];

// The contracts' AUDIT_DOMAINS and AUDIT_ACTION_GROUPS sit beside the audit schemas, whose zod parts would
// ride along into the chunk this page shares with User Management: the lists are these labels' keys
// instead (their types, and a unit test, hold them equal to the contracts').
export const DOMAIN_LABELS: Record<AuditDomain, string> = {
  identity: 'Identity',
  beneficiaries: 'Beneficiaries',
  finance: 'Finance',
};
export const DOMAINS = Object.keys(DOMAIN_LABELS) as AuditDomain[];
export const ACTION_GROUP_LABELS: Record<AuditActionGroup, string> = {
  change: 'Change',
  view: 'View',
  export: 'Export',
  security: 'Security',
};
export const ACTION_GROUPS = Object.keys(ACTION_GROUP_LABELS) as AuditActionGroup[];
export const ENTITY_TYPES = Object.keys(AUDIT_ENTITY_LABELS);
/** 'birth-certificate' -> 'Birth certificate'. */
export const ENTITY_TYPE_LABELS: Record<string, string> = Object.fromEntries(
  ENTITY_TYPES.map((type) => {
    const words = entityLabel(type);
    return [type, words.charAt(0).toUpperCase() + words.slice(1)];
  }),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');
const text = (value: string | null) => (value ?? '').trim();

/** The filters kept in the address (web-kit's `useListParams`; User Management's Activity link, Back and a shared link give the same log). */
export const AUDIT_FILTER_KEYS = KEYS;

/** The filters the address holds, a value the screen does not offer read as none (the Child's id in capitals). */
export function filtersOf(values: Partial<AuditFilters>): AuditFilters {
  const date = (value: string | undefined) => (ISO_DATE.test(value ?? '') ? (value as string) : '');
  return {
    actor: text(values.actor ?? null),
    beneficiaryId: text(values.beneficiaryId ?? null).toUpperCase(),
    domain: oneOf(values.domain ?? null, DOMAINS),
    entityType: oneOf(values.entityType ?? null, ENTITY_TYPES),
    action: oneOf(values.action ?? null, ACTION_GROUPS),
    from: date(values.from),
    to: date(values.to),
  };
}

/** Whether any filter is set. */
export function isFiltered(filters: AuditFilters): boolean {
  return KEYS.some((key) => filters[key] !== '');
}

/** The API's query: the filters that are set. */
export function auditParams(filters: AuditFilters): Partial<AuditFilters> {
  return Object.fromEntries(KEYS.filter((key) => filters[key]).map((key) => [key, filters[key]]));
}
