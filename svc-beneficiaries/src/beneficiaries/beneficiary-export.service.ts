import { Inject, Injectable, Logger } from '@nestjs/common';
import { BENEFICIARY_EXPORT_COLUMNS, TOTAL_COUNT_HEADER, beneficiaryExportFileName, type BeneficiaryListQuery } from '@kcf/contracts';
import { CLOCK, type Clock, type UserContext } from '@kcf/server-kit';
import type { Response } from 'express';
import { ownChildOf } from '../access/visibility';
import { foundationToday } from '../clock/today';
import { contentDisposition } from '../files/file-response';
import { BeneficiaryExportRepository, EXPORT_BATCH_SIZE } from './beneficiary-export.repository';
import { csvLine, exportLine } from './csv';
import { buildFilter } from './list-sql';

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
 * batch by batch from the export's cursor (BeneficiaryExportRepository), the count in the header and the
 * rows from one snapshot.
 */
@Injectable()
export class BeneficiaryExportService {
  private readonly logger = new Logger('BeneficiaryExport');

  constructor(
    private readonly rows: BeneficiaryExportRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async stream(user: UserContext, query: BeneficiaryListQuery, res: Response): Promise<void> {
    const filter = buildFilter(query, ownChildOf(user));
    const today = foundationToday(this.clock.now());
    let closed = false;
    res.once('close', () => (closed = true));
    try {
      await this.rows.withCursor(filter, query, async (cursor) => {
        res.status(200);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', contentDisposition('attachment', beneficiaryExportFileName(today)));
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader(TOTAL_COUNT_HEADER, String(cursor.total));
        res.write(BOM + csvLine([...BENEFICIARY_EXPORT_COLUMNS]));
        while (!closed) {
          const rows = await cursor.next();
          if (rows.length === 0) break;
          let chunk = '';
          for (const row of rows) chunk += exportLine(row, today);
          if (!res.write(chunk) && !closed) await drained(res);
          if (rows.length < EXPORT_BATCH_SIZE) break;
        }
      });
      res.end();
    } catch (error) {
      if (!res.headersSent) throw error;
      this.logger.error(`Export failed after it started: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    }
  }
}
