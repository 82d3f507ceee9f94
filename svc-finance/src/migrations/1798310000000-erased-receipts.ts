import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A child's erasure here (`erasure_requests`, one row per data request, with when its part was reported done)
 * and the receipts of the child's expenses it still has to remove from the object storage (`erasure_objects`,
 * queued in the erasure's transaction, removed by the ErasedReceiptsJob, each tried again later until gone).
 * The part is reported once none of its receipts is left.
 */
export class ErasedReceipts1798310000000 implements MigrationInterface {
  name = 'ErasedReceipts1798310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE erasure_requests (
        request_id uuid PRIMARY KEY,
        reported_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE erasure_objects (
        key varchar(300) PRIMARY KEY,
        request_id uuid NOT NULL REFERENCES erasure_requests(request_id),
        attempts integer NOT NULL DEFAULT 0,
        next_try_at timestamptz NOT NULL,
        last_error text
      )`);
    await q.query(`CREATE INDEX erasure_objects_due ON erasure_objects (next_try_at)`);
    await q.query(`CREATE INDEX erasure_objects_request ON erasure_objects (request_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE erasure_objects');
    await q.query('DROP TABLE erasure_requests');
  }
}
