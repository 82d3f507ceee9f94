import { Controller, Get, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isBeneficiaryId, type BeneficiaryExistsAnswer } from '@kcf/contracts';
import { Access } from '@kcf/server-kit';
import type { DataSource } from 'typeorm';
import { toSummary } from '../beneficiaries/beneficiary-row';
import { BENEFICIARIES_DB } from '../config';
import { queryOne } from '../db/query-rows';

/** Service-to-service reads (never through the gateway, which answers /internal with 404). */
@Controller('internal')
export class InternalBeneficiariesController {
  constructor(@InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource) {}

  /** Whether a child exists (svc-finance checks an expense's beneficiary); always 200. */
  @Get('beneficiaries/:id/exists')
  @Access('internal')
  async exists(@Param('id') id: string): Promise<BeneficiaryExistsAnswer> {
    if (!isBeneficiaryId(id)) return { exists: false, beneficiary: null };
    const row = await queryOne<{ id: string; full_name: string; photo_key: string | null }>(
      this.db,
      `SELECT id, full_name, photo_key FROM beneficiaries WHERE id = $1`,
      [id],
    );
    return row ? { exists: true, beneficiary: toSummary(row) } : { exists: false, beneficiary: null };
  }

  /** Events this service has written but not yet published (operations, and the benchmark waits for 0). */
  @Get('outbox')
  @Access('internal')
  async outbox(): Promise<{ pending: number }> {
    const row = await queryOne<{ pending: number }>(this.db, `SELECT count(*)::int AS pending FROM outbox WHERE sent_at IS NULL`);
    return { pending: row?.pending ?? 0 };
  }
}
