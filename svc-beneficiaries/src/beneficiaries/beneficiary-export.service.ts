import { once } from 'node:events';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BENEFICIARY_EXPORT_COLUMNS, TOTAL_COUNT_HEADER, beneficiaryExportFileName, type BeneficiaryListQuery } from '@kcf/contracts';
import { CLOCK, type Clock, type UserContext } from '@kcf/server-kit';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { ownChildOf } from '../access/visibility';
import { BENEFICIARIES_DB } from '../config';
import { queryOne, queryRows } from '../db/query-rows';
import { contentDisposition } from '../files/file-response';
import { BENEFICIARY_COLUMNS, toBeneficiary, type BeneficiaryRow } from './beneficiary-row';
import { csvLine, exportRow } from './csv';
import { buildFilter, buildOrder } from './list-sql';

/** Rows fetched from the server-side cursor at a time: the memory the export holds, whatever the total. */
const FETCH_SIZE = 500;
/** Excel reads a UTF-8 file as such only with a byte order mark. */
const BOM = '\uFEFF';

/**
 * GET /api/beneficiaries/export.csv: every child matching the list's filters, in the list's order, streamed
 * from a server-side cursor (DECLARE ... FETCH) in one read-only snapshot, so the count in the header
 * and the rows agree and memory stays flat.
 */
@Injectable()
export class BeneficiaryExportService {
  private readonly logger = new Logger('BeneficiaryExport');

  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async stream(user: UserContext, query: BeneficiaryListQuery, res: Response): Promise<void> {
    const filter = buildFilter(query, ownChildOf(user));
    const today = this.clock.now();
    let closed = false;
    res.once('close', () => (closed = true));
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const counted = await queryOne<{ total: number }>(runner, `SELECT count(*)::int AS total FROM beneficiaries b ${filter.where}`, filter.params);
      await runner.query(
        `DECLARE beneficiary_export NO SCROLL CURSOR FOR
         SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries b ${filter.where} ${buildOrder(query.sort, query.dir)}`,
        filter.params,
      );
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', contentDisposition('attachment', beneficiaryExportFileName(today)));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(TOTAL_COUNT_HEADER, String(counted?.total ?? 0));
      res.write(BOM + csvLine([...BENEFICIARY_EXPORT_COLUMNS]));
      while (!closed) {
        const rows = await queryRows<BeneficiaryRow>(runner, `FETCH ${FETCH_SIZE} FROM beneficiary_export`);
        if (rows.length === 0) break;
        const ok = res.write(rows.map((row) => exportRow(toBeneficiary(row, today))).join(''));
        if (!ok && !closed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
        if (rows.length < FETCH_SIZE) break;
      }
      await runner.query('COMMIT');
      res.end();
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      if (!res.headersSent) throw error;
      this.logger.error(`Export failed after it started: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    } finally {
      await runner.release();
    }
  }
}
