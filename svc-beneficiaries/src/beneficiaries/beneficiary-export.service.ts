import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  foundationToday,
  TOTAL_COUNT_HEADER,
  beneficiaryExportFileName,
  type BeneficiaryListQuery,
} from '@kcf/contracts';
import { AuditTrail, CLOCK, setFileHeaders, type Clock, type UserContext } from '@kcf/server-kit';
import type { Response } from 'express';
import { ownChildOf } from '../access/visibility';
import { BeneficiaryExportRepository, EXPORT_BATCH_SIZE } from './beneficiary-export.repository';
import { csvLine, EXPORT_HEADERS, exportLine } from './csv';
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

/** The list's filters and sort as the export applies them (it has no paging). */
function withoutPaging(query: BeneficiaryListQuery): Omit<BeneficiaryListQuery, 'limit' | 'offset'> {
  const { limit: _limit, offset: _offset, ...filters } = query;
  return filters;
}

/**
 * GET /api/beneficiaries/export.csv: every child matching the list's filters, in the list's order, streamed
 * batch by batch from the export's cursor (BeneficiaryExportRepository), the count in the header and the
 * rows from one snapshot. The export is in the audit trail (its filters and the snapshot's row count), written
 * before the first byte is sent: if the entry cannot be written, nothing is exported. (The audit trail writes
 * views on a pool of its own, so the snapshot's connection never waits for a second one of the main pool.)
 */
@Injectable()
export class BeneficiaryExportService {
  private readonly logger = new Logger('BeneficiaryExport');

  constructor(
    private readonly rows: BeneficiaryExportRepository,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async stream(user: UserContext, query: BeneficiaryListQuery, res: Response): Promise<void> {
    const today = foundationToday(this.clock.now());
    const filter = buildFilter(query, ownChildOf(user), today);
    let closed = false;
    res.once('close', () => (closed = true));
    try {
      await this.rows.withCursor(filter, query, async (cursor) => {
        await this.audit.exported({
          entityType: 'beneficiary-export',
          entityId: null,
          details: { filters: withoutPaging(query), rows: cursor.total },
        });
        res.status(200);
        setFileHeaders(res, {
          contentType: 'text/csv; charset=utf-8',
          disposition: 'attachment',
          downloadName: beneficiaryExportFileName(today),
        });
        res.setHeader(TOTAL_COUNT_HEADER, String(cursor.total));
        res.write(BOM + csvLine(EXPORT_HEADERS));
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
