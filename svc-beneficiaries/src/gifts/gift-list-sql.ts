import type { GiftFilterQuery, GiftListQuery, SortDirection } from '@kcf/contracts';
import { containing } from '@kcf/server-kit';
import type { ListFilter } from '../beneficiaries/list-sql';
import { GIFT_COLUMNS, GIFT_FROM } from './gift-row';

/** The gifts list's filters as SQL: `where` over `g`, the gifts alone. */
export type GiftFilter = ListFilter;

/**
 * WHERE clause of GET /api/gifts and its totals, in the style of the beneficiaries list (`buildFilter`): one
 * text for every filter (`$n IS NULL OR ...`, null for "any"), so each order is one prepared statement, planned
 * per call for its values. `ownChild` (a beneficiary user's child) narrows everything to that child. The search
 * is the child's name or id: the gift's copy of its child's `search_text` (`child_search_text`, carried by
 * the order indexes and trigram-indexed), so no gift is joined to its child to be filtered or counted.
 */
export function buildGiftFilter(query: GiftFilterQuery, ownChild: string | null): GiftFilter {
  return {
    where: `WHERE ($1::text IS NULL OR g.beneficiary_id = $1)
      AND ($2::text IS NULL OR g.beneficiary_id = $2)
      AND ($3::text IS NULL OR g.child_search_text LIKE $3)
      AND ($4::text IS NULL OR g.gift_type = $4)
      AND ($5::date IS NULL OR g.date_given >= $5)
      AND ($6::date IS NULL OR g.date_given <= $6)`,
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

/** What the gifts `filter` keeps add up to: how many, and their amount. */
const TOTALS_OF = (filter: GiftFilter) =>
  `SELECT count(*)::int AS count, coalesce(sum(g.amount), 0)::numeric(14,2)::text AS amount FROM gifts g ${filter.where}`;

/**
 * The one statement of a gifts page: the list's version (`gifts_version`), the totals of every match when
 * `counted`, and the page's gifts, one row each (a single row with a null `id` for an empty page). The page's
 * ids are walked first in the list's order from the gifts' indexes alone, and only
 * those ids are read whole with their child and consent, so the gifts skipped by the offset cost an index
 * entry each. Its text depends only on the direction and `counted` (the filters are parameters), so each is
 * one prepared statement.
 */
export function giftPageStatement(
  filter: GiftFilter,
  dir: SortDirection,
  paging: Pick<GiftListQuery, 'limit' | 'offset'>,
  counted: boolean,
): { sql: string; params: unknown[] } {
  const next = filter.params.length;
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  return {
    sql: `SELECT (SELECT version::text FROM gifts_version) AS version, ${counted ? 't.count AS total_count, t.amount AS total_amount, ' : ''}p.*
       FROM (VALUES (true)) AS one
       ${counted ? `CROSS JOIN LATERAL (${TOTALS_OF(filter)}) t` : ''}
       LEFT JOIN LATERAL (
         SELECT ${GIFT_COLUMNS}, g.date_given AS page_date, g.id AS page_id
           FROM (SELECT g.id FROM gifts g ${filter.where} ${giftOrder(dir)} LIMIT $${next + 1} OFFSET $${next + 2}) page
           JOIN ${GIFT_FROM} ON g.id = page.id
       ) p ON true
       ORDER BY p.page_date ${direction}, p.created_at ${direction}, p.page_id ${direction}`,
    params: [...filter.params, paging.limit, paging.offset],
  };
}

/** The totals of the gifts `filter` keeps, with the list's version they were counted at. */
export function giftTotalsStatement(filter: GiftFilter): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT (SELECT version::text FROM gifts_version) AS version, t.count, t.amount FROM (${TOTALS_OF(filter)}) t`,
    params: filter.params,
  };
}
