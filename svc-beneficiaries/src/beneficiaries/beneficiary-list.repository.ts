import { Injectable } from '@nestjs/common';
import type { BeneficiaryListQuery, IsoDate } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { beneficiaryJson } from './beneficiary-json';
import { buildOrder, type ListFilter, type PageWalk } from './list-sql';

/** The order of a list: its sort and direction. */
export type ListOrder = Pick<BeneficiaryListQuery, 'sort' | 'dir'>;

/** One page as the JSON text of its array, and the version of the table it was read at. */
export interface ListPage {
  version: string;
  json: string;
}

/**
 * The statement of one page: the page's numbers first (from the sort index alone when nothing else is
 * filtered, so a page deep in the list costs little more than the first), then their stored API objects
 * joined into the page's JSON (`beneficiaryJson`), with the table's version, and the count of every match
 * when `counted`. One row, even for an empty page. Its text depends only on the order, the walk's
 * direction and `counted` (the filters are parameters), so each is one prepared statement.
 */
export function pageStatement(
  filter: ListFilter,
  order: ListOrder,
  walk: PageWalk,
  today: IsoDate,
  counted: boolean,
): { sql: string; params: unknown[] } {
  const next = filter.params.length;
  const count = `SELECT count(*)::int FROM beneficiaries b ${filter.where}`;
  const extra = counted ? `(${count}) AS total,` : '';
  return {
    sql: `SELECT (SELECT version::text FROM beneficiaries_version) AS version, ${extra}
         '[' || coalesce(string_agg(${beneficiaryJson(`$${next + 3}::date`)}, ',' ${buildOrder(order.sort, order.dir)}), '') || ']' AS json
       FROM (SELECT b.number FROM beneficiaries b ${filter.where} ${buildOrder(order.sort, order.dir, walk.backward)}
             LIMIT $${next + 1} OFFSET $${next + 2}) page
       JOIN beneficiaries b ON b.number = page.number`,
    params: [...filter.params, walk.limit, walk.offset, today],
  };
}

/**
 * Pages of GET /api/beneficiaries, each one prepared statement run straight on the pool (`db.readPrepared`):
 * each connection parses a text once and afterwards only binds and executes it, planned
 * for each call's values (plan_cache_mode=force_custom_plan). Only a few texts per sort exist (see
 * `pageStatement`), since a connection keeps every text it prepared for its whole life.
 */
@Injectable()
export class BeneficiaryListRepository {
  constructor(private readonly db: Database) {}

  /** The page read forward, with how many rows match in all. */
  async countedPage(
    filter: ListFilter,
    query: ListOrder & Pick<BeneficiaryListQuery, 'offset' | 'limit'>,
    today: IsoDate,
  ): Promise<ListPage & { total: number }> {
    const { sql, params } = pageStatement(
      filter,
      query,
      { backward: false, offset: query.offset, limit: query.limit },
      today,
      true,
    );
    const [page] = await this.db.readPrepared.rows<ListPage & { total: number }>(sql, params);
    return page;
  }

  /** The page read as `walk` says (from the nearer end, once the total is known). */
  async page(filter: ListFilter, order: ListOrder, walk: PageWalk, today: IsoDate): Promise<ListPage> {
    const { sql, params } = pageStatement(filter, order, walk, today, false);
    const [page] = await this.db.readPrepared.rows<ListPage>(sql, params);
    return page;
  }
}
