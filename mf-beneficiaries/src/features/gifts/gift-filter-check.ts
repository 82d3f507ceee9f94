import { GiftListQuery } from '@kcf/contracts';
import { giftListParams, type GiftFilters } from './gift-list-state';

/** A filter's message, by the filter bar's field. */
export type GiftFilterErrors = Partial<Record<'search' | 'giftType' | 'from' | 'to', string>>;

/**
 * What the server would refuse in the filters, read with the very schema it reads GET /api/gifts with (its own
 * chunk, loaded only once a filter is set: the page that only shows gifts loads no zod). First message per field.
 */
export function giftFilterErrors(filters: GiftFilters): GiftFilterErrors {
  const result = GiftListQuery.safeParse(giftListParams(filters));
  const errors: GiftFilterErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof GiftFilterErrors;
    if (['search', 'giftType', 'from', 'to'].includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}
