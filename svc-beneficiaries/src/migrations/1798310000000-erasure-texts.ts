import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An erasure keeps, while it is open, the texts it looks for besides the child's names (`erasure_texts`: the
 * words of the child's name, the guardian's names and phone numbers in their written forms), for the steps that
 * run after the child's rows are gone (the audit trail's redaction, the last purge). Once done it forgets them
 * with the child (the table's CHECK).
 */
export class ErasureTexts1798310000000 implements MigrationInterface {
  name = 'ErasureTexts1798310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_requests ADD COLUMN erasure_texts jsonb`);
    await q.query(`ALTER TABLE data_requests DROP CONSTRAINT data_requests_forgets_child`);
    await q.query(`
      ALTER TABLE data_requests ADD CONSTRAINT data_requests_forgets_child
        CHECK (state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL AND erasure_texts IS NULL) OR (type = 'export' AND export_key IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_requests DROP CONSTRAINT data_requests_forgets_child`);
    await q.query(`
      ALTER TABLE data_requests ADD CONSTRAINT data_requests_forgets_child
        CHECK (state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL) OR (type = 'export' AND export_key IS NOT NULL))`);
    await q.query(`ALTER TABLE data_requests DROP COLUMN erasure_texts`);
  }
}
