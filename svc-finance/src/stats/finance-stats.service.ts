import { Injectable } from '@nestjs/common';
import type { FinanceStats } from '@kcf/contracts';
import { TotalsRepository } from '../common/totals.repository';

/** The dashboard's money figures: the totals row, kept in step with every change (no sums over the records). */
@Injectable()
export class FinanceStatsService {
  constructor(private readonly totals: TotalsRepository) {}

  figures(): Promise<FinanceStats> {
    return this.totals.committed();
  }
}
