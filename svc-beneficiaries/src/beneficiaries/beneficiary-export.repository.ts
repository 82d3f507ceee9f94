import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';
import { EXPORT_COLUMNS, type ExportRow } from './csv';
import { buildOrder, type ListFilter } from './list-sql';
import type { ListOrder } from './beneficiary-list.repository';

/** Rows fetched from the server-side cursor at a time: the most the export holds, whatever the total. */
export const EXPORT_BATCH_SIZE = 1000;

/** The export's rows as they are read: how many match, and the next batch of them (empty at the end). */
export interface ExportCursor {
  total: number;
  next(): Promise<ExportRow[]>;
}

/**
 * The rows of the CSV export, from a server-side cursor (DECLARE ... FETCH) in one read-only snapshot, so
 * the count and the rows agree and memory stays flat however many children there are. The cursor lives on
 * a pool connection of its own for as long as the file is being written (it changes nothing, and must not
 * hold a unit of work's transaction open).
 */
@Injectable()
export class BeneficiaryExportRepository {
  constructor(private readonly db: Database) {}

  /** Runs `read` over the cursor of every row matching `filter`, in the list's order; the snapshot ends with it. */
  withCursor<T>(filter: ListFilter, order: ListOrder, read: (cursor: ExportCursor) => Promise<T>): Promise<T> {
    return this.db.snapshot(async (sql) => {
      const counted = await sql.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM beneficiaries b ${filter.where}`,
        filter.params,
      );
      await sql.exec(
        `DECLARE beneficiary_export NO SCROLL CURSOR FOR
         SELECT ${EXPORT_COLUMNS} FROM beneficiaries b ${filter.where} ${buildOrder(order.sort, order.dir)}`,
        filter.params,
      );
      return read({
        total: counted?.total ?? 0,
        next: () => sql.rows<ExportRow>(`FETCH ${EXPORT_BATCH_SIZE} FROM beneficiary_export`),
      });
    });
  }
}
