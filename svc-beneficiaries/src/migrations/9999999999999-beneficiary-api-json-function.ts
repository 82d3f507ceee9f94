import { createHash } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { apiJsonFunction } from '../beneficiaries/beneficiary-json';

const FUNCTION = apiJsonFunction();

/**
 * The function that keeps each child's `api_json`, made from the column map (`apiJsonFunction`), never written
 * out in a migration. Its name carries a digest of the function's text, so the migration runner runs it again
 * exactly when the map changes; its timestamp puts it after every other migration, so a new column exists before
 * the function reads it. It runs like any migration: under the migrations' lock, once per database, recorded.
 * Every row is then written again through the trigger. An older version started again afterwards finds its own
 * digest recorded and leaves the newer function in place.
 */
export class BeneficiaryApiJsonFunction9999999999999 implements MigrationInterface {
  name = `BeneficiaryApiJsonFunction${createHash('sha256').update(FUNCTION).digest('hex').slice(0, 16)}9999999999999`;

  async up(q: QueryRunner): Promise<void> {
    await q.query(FUNCTION);
    await q.query(`UPDATE beneficiaries SET api_json = ''`);
  }

  /** The function an older map made is not kept, so there is nothing to put back. */
  async down(): Promise<void> {}
}
