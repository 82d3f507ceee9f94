import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BENEFICIARY_EXPORT_COLUMNS, TOTAL_COUNT_HEADER, beneficiaryExportFileName, type BeneficiaryListQuery } from '@kcf/contracts';
import { CLOCK, type Clock, type UserContext } from '@kcf/server-kit';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { ownChildOf } from '../access/visibility';
import { foundationToday } from '../clock/today';
import { BENEFICIARIES_DB } from '../config';
import { queryOne, queryRows } from '../db/query-rows';
import { contentDisposition } from '../files/file-response';
import { csvLine, EXPORT_COLUMNS, exportLine, type ExportRow } from './csv';
import { buildFilter, buildOrder } from './list-sql';

/** Rows fetched from the server-side cursor at a time: the most the export holds, whatever the total. */
const FETCH_SIZE = 1000;
/** Excel reads a UTF-8 file as such only with a byte order mark. */
const BOM = '\uFEFF';

/** Resolves once the response can take more (or is gone); leaves no listener behind. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * GET /api/beneficiaries/export.csv: every child matching the list's filters, in the list's order, streamed
 * from a server-side cursor (DECLARE ... FETCH) in one read-only snapshot, so the count in the header
 * and the rows agree and memory stays flat however many children there are.
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
    const now = this.clock.now();
    const today = foundationToday(now);
    let closed = false;
    res.once('close', () => (closed = true));
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const counted = await queryOne<{ total: number }>(runner, `SELECT count(*)::int AS total FROM beneficiaries b ${filter.where}`, filter.params);
      await runner.query(
        `DECLARE beneficiary_export NO SCROLL CURSOR FOR
         SELECT ${EXPORT_COLUMNS} FROM beneficiaries b ${filter.where} ${buildOrder(query.sort, query.dir)}`,
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
        const rows = await queryRows<ExportRow>(runner, `FETCH ${FETCH_SIZE} FROM beneficiary_export`);
        if (rows.length === 0) break;
        let chunk = '';
        for (const row of rows) chunk += exportLine(row, today);
        if (!res.write(chunk) && !closed) await drained(res);
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
