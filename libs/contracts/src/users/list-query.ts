import { z } from 'zod';
import { blankAs, textField } from '../common/fields';
import { ROLES } from '../auth/access';
import { LimitQuery, OffsetQuery } from '../common/pagination';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive' };

export const MAX_USER_SEARCH_LENGTH = 100;

/** A filter value where '' and 'all' mean "no filter". */
const filter = <T extends z.ZodType>(schema: T) => z.preprocess(blankAs(undefined, ['all']), schema.optional());

/**
 * GET /api/users: every filter optional, oldest account first, a page at a time (`limit`, default 50, and
 * `offset`; `X-Total-Count` says how many match). `search` matches the first and last name (also
 * together), the username and the email, case-insensitively.
 */
export const UserListQuery = z.object({
  search: filter(
    textField('Search').max(MAX_USER_SEARCH_LENGTH, `Search must be ${MAX_USER_SEARCH_LENGTH} characters or less`),
  ),
  role: filter(z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` })),
  status: filter(z.enum(USER_STATUSES, { error: 'Status must be active or inactive' })),
  limit: LimitQuery,
  offset: OffsetQuery,
});
export type UserListQuery = z.infer<typeof UserListQuery>;
