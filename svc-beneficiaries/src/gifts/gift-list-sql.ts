import type { GiftFilterQuery, SortDirection } from '@kcf/contracts';
import { containing } from '@kcf/server-kit';
import type { ListFilter } from '../beneficiaries/list-sql';

/** The gifts list's filters as SQL: `where` over `g` gifts joined to `b` their child, `whereAlone` over `g` only. */
export interface GiftFilter extends ListFilter {
  /**
   * The same filters without the join, for counts and totals: the search looks the child up only when there is
   * one, so a count without a search reads the gifts' own indexes alone.
   */
  whereAlone: string;
}

/**
 * WHERE clauses of GET /api/gifts and its totals, in the style of the beneficiaries list (`buildFilter`): one
 * text for every filter (`$n IS NULL OR ...`, null for "any"), so each order is one prepared statement, planned
 * per call for its values. `ownChild` (a beneficiary user's child) narrows everything to that child. The search
 * is the child's name or id, the child's `search_text` (trigram-indexed, and beside the id in
 * `beneficiaries_id_search`).
 */
export function buildGiftFilter(query: GiftFilterQuery, ownChild: string | null): GiftFilter {
  const rest = `($1::text IS NULL OR g.beneficiary_id = $1)
      AND ($2::text IS NULL OR g.beneficiary_id = $2)
      AND ($4::text IS NULL OR g.gift_type = $4)
      AND ($5::date IS NULL OR g.date_given >= $5)
      AND ($6::date IS NULL OR g.date_given <= $6)`;
  return {
    where: `WHERE ${rest}
      AND ($3::text IS NULL OR b.search_text LIKE $3)`,
    whereAlone: `WHERE ${rest}
      AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM beneficiaries s WHERE s.id = g.beneficiary_id AND s.search_text LIKE $3))`,
    params: [
      ownChild,
      query.beneficiaryId ?? null,
      query.search ? containing(query.search.toLowerCase()) : null,
      query.giftType ?? null,
      query.from ?? null,
      query.to ?? null,
    ],
  };
}

/**
 * ORDER BY of the gifts list: by date given, ties by when recorded, then by id, all in the one direction, so
 * the order is total (a page never skips or repeats a gift) and the index `gifts_by_date` (or
 * `gifts_by_type_date` when a type is chosen) serves it either way.
 */
export function giftOrder(dir: SortDirection): string {
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY g.date_given ${direction}, g.created_at ${direction}, g.id ${direction}`;
}
