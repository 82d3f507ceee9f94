import type { BeneficiaryListQuery, BeneficiarySortField, IsoDate, SortDirection } from '@kcf/contracts';
import { containing } from '@kcf/server-kit';

/** The filters of the list and the export: `where` (over `b`) with its numbered parameters. */
export interface ListFilter {
  where: string;
  params: unknown[];
}

/**
 * WHERE clause of GET /api/beneficiaries and its export. `ownChild` (a beneficiary user's child) narrows
 * everything to that one child. Search is "name or id contains", case-insensitive, served by the trigram
 * index on `search_text` (lower(full_name || ' ' || id)). The consent filter keeps the children whose
 * registration (or photo) consent does not count on `today`, the foundation's date: not recorded, withdrawn
 * (the column is null) or expired (its last day is before today); so its parameter is today's date.
 *
 * The text is the same for every filter (`$1 IS NULL OR ...`, seven parameters, null for "any"), so the
 * list has one prepared statement per sort, not one per combination of filters. PostgreSQL plans each
 * execution with the parameters' values (plan_cache_mode=force_custom_plan on the service's connections),
 * folding away the filters that are null: the plan is the one a WHERE of only the given filters gets.
 */
export function buildFilter(
  query: Pick<BeneficiaryListQuery, 'search' | 'county' | 'schoolStatus' | 'specialNeeds' | 'consent'>,
  ownChild: string | null,
  today: IsoDate,
): ListFilter {
  return {
    where: `WHERE ($1::text IS NULL OR b.id = $1)
      AND ($2::text IS NULL OR b.search_text LIKE $2)
      AND ($3::text IS NULL OR b.county = $3)
      AND ($4::boolean IS NULL OR b.is_active = $4)
      AND ($5::boolean IS NULL OR b.has_special_needs = $5)
      AND ($6::date IS NULL OR b.registration_consent_until IS NULL OR b.registration_consent_until < $6)
      AND ($7::date IS NULL OR b.photos_consent_until IS NULL OR b.photos_consent_until < $7)`,
    params: [
      ownChild,
      query.search ? containing(query.search.toLowerCase()) : null,
      query.county ?? null,
      query.schoolStatus ? query.schoolStatus === 'active' : null,
      query.specialNeeds ? query.specialNeeds === 'yes' : null,
      query.consent === 'registration_missing' ? today : null,
      query.consent === 'photos_missing' ? today : null,
    ],
  };
}

/**
 * Each sortable column's key: a stored column (lower case for text) with an index ending in `number`.
 * Age ascending is birth date descending.
 */
const SORT_KEYS: Record<BeneficiarySortField, { expression: string; reversed?: boolean }> = {
  id: { expression: 'b.number' },
  fullName: { expression: 'b.full_name_key' },
  guardianName: { expression: 'b.guardian_name_key' },
  age: { expression: 'b.date_of_birth', reversed: true },
  homeVillage: { expression: 'b.home_village_key' },
  schoolName: { expression: 'b.school_name_key' },
  gradeLevel: { expression: 'b.grade_rank' },
  isActive: { expression: 'b.is_active' },
};

/**
 * ORDER BY of the list and the export. Without a sort, the newest registrations first. Ties are broken
 * by the id's number in the same direction, so each order is total and an index serves it both ways.
 * `backward` is the same order from its end (see `pageWalk`).
 */
export function buildOrder(sort: BeneficiarySortField | undefined, dir: SortDirection, backward = false): string {
  const key = sort ? SORT_KEYS[sort] : { expression: 'b.number', reversed: true };
  const descending = ((sort ? dir === 'desc' : false) !== (key.reversed === true)) !== backward;
  const direction = descending ? 'DESC' : 'ASC';
  if (key.expression === 'b.number') return `ORDER BY b.number ${direction}`;
  return `ORDER BY ${key.expression} ${direction}, b.number ${direction}`;
}

/** How to read one page from the sort index: the rows to skip and take, and from which end. */
export interface PageWalk {
  backward: boolean;
  offset: number;
  limit: number;
}

/**
 * A page whose list's total is known is read from whichever end of the order is nearer: the last page of
 * 10,000 rows skips 0 rows walking backward instead of 9,950 walking forward, so no page walks past the
 * middle. The rows are the same (the order is total); the page is put back in order after the walk.
 */
export function pageWalk(offset: number, limit: number, total: number): PageWalk {
  const end = Math.min(offset + limit, total);
  if (offset >= total || total - offset >= offset + limit) return { backward: false, offset, limit };
  return { backward: true, offset: total - end, limit: end - offset };
}
