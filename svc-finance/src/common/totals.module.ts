import { Module } from '@nestjs/common';
import { TotalsRepository } from './totals.repository';

/** The one row of total income and total expenses (the balance rule, the dashboard). */
@Module({
  providers: [TotalsRepository],
  exports: [TotalsRepository],
})
export class TotalsModule {}
