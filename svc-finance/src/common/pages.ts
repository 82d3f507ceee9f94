import type { Response } from 'express';

/** The number of all records matching a list query (the body holds one page). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** A page of a list: the items as the body, the number of all matching records in X-Total-Count. */
export function sendPage<T>(res: Response, page: { items: T[]; total: number }): T[] {
  res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
