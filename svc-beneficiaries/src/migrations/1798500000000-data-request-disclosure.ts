import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What was handed to whom: an export keeps naming its child (`beneficiary_id`) after it is done and after its ZIP
 * is deleted, until the child is erased (the erasure forgets it, as it forgets every request about the child);
 * an erasure still forgets its child once done. Each download of an export's ZIP is counted, with the last one's
 * time. Requests are found by their child (the Data requests page of one child, the profile's export).
 */
export class DataRequestDisclosure1798500000000 implements MigrationInterface {
  name = 'DataRequestDisclosure1798500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE data_requests ADD COLUMN downloads integer NOT NULL DEFAULT 0, ADD COLUMN last_downloaded_at timestamptz`,
    );
    await q.query(`ALTER TABLE data_requests DROP CONSTRAINT data_requests_forgets_child`);
    await q.query(`
      ALTER TABLE data_requests ADD CONSTRAINT data_requests_forgets_child
        CHECK (type = 'export' OR state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL AND erasure_texts IS NULL))`);
    await q.query(
      `CREATE INDEX data_requests_child ON data_requests (beneficiary_id, requested_at DESC) WHERE beneficiary_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX data_requests_child`);
    await q.query(
      `UPDATE data_requests SET beneficiary_id = NULL, names = NULL WHERE type = 'export' AND state = 'done' AND export_key IS NULL`,
    );
    await q.query(`ALTER TABLE data_requests DROP CONSTRAINT data_requests_forgets_child`);
    await q.query(`
      ALTER TABLE data_requests ADD CONSTRAINT data_requests_forgets_child
        CHECK (state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL AND erasure_texts IS NULL) OR (type = 'export' AND export_key IS NOT NULL))`);
    await q.query(`ALTER TABLE data_requests DROP COLUMN downloads, DROP COLUMN last_downloaded_at`);
  }
}
