import { z } from 'zod';
import { blankAs, textField } from '../common/fields';
import { LimitQuery, OffsetQuery, SortDirection } from '../common/pagination';
import { COUNTIES } from '../enums/counties';
import { CONSENT_LIST_FILTERS } from './consents';
import { BENEFICIARY_SORT_FIELDS } from './list-sort-fields';

/** A filter value where '' and 'all' mean "no filter" (the beneficiaries' and the gifts' lists). */
export const listFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankAs(undefined, ['all']), schema.optional());
const filter = listFilter;

/**
 * GET /api/beneficiaries. Without `sort` the newest registrations come first (the dashboard's
 * recent beneficiaries are the first five).
 */
export const BeneficiaryListQuery = z.object({
  /** Matches the name or the Beneficiary ID, case-insensitively. */
  search: filter(textField('Search').max(100, 'Search must be 100 characters or less')),
  county: filter(z.enum(COUNTIES, { error: `County must be one of: ${COUNTIES.join(', ')}` })),
  schoolStatus: filter(z.enum(['active', 'inactive'], { error: 'School status must be active or inactive' })),
  specialNeeds: filter(z.enum(['yes', 'no'], { error: 'Special needs must be yes or no' })),
  /** Children without a granted consent today (see CONSENT_LIST_FILTERS). */
  consent: filter(
    z.enum(CONSENT_LIST_FILTERS, { error: `Consent must be one of: ${CONSENT_LIST_FILTERS.join(', ')}` }),
  ),
  sort: filter(
    z.enum(BENEFICIARY_SORT_FIELDS, { error: `Sort must be one of: ${BENEFICIARY_SORT_FIELDS.join(', ')}` }),
  ),
  dir: SortDirection,
  limit: LimitQuery,
  offset: OffsetQuery,
});
export type BeneficiaryListQuery = z.infer<typeof BeneficiaryListQuery>;

/**
 * The list answers an array (one page); this response header carries how many rows match the filters
 * in all, so a screen can page and an export can tell "no data" without another call.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
