import { z } from 'zod';
import { blankAs } from './fields';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;

/** `limit`: 1..500, default 50; query strings are read as numbers. */
export const LimitQuery = z.preprocess(
  blankAs(undefined),
  z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${MAX_PAGE_LIMIT}`)
    .max(MAX_PAGE_LIMIT, `Limit must be between 1 and ${MAX_PAGE_LIMIT}`)
    .default(DEFAULT_PAGE_LIMIT),
);

/** `offset`: 0 or more, default 0. */
export const OffsetQuery = z.preprocess(
  blankAs(undefined),
  z.coerce
    .number({ error: 'Offset must be a whole number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must be 0 or more')
    .default(0),
);

export const PaginationQuery = z.object({ limit: LimitQuery, offset: OffsetQuery });
export type PaginationQuery = z.infer<typeof PaginationQuery>;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const SortDirection = z.preprocess(
  blankAs(undefined),
  z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' }).default('asc'),
);
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
