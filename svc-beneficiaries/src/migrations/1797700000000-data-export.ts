import type { MigrationInterface, QueryRunner } from 'typeorm';

const OPEN = `state IN ('pending', 'running')`;

/**
 * An export of one child's data: the ZIP the job builds (`export_key`, downloadable until `expires_at`), its
 * progress (files written of all it will hold), the job's claim on it (`claimed_until`, renewed as it writes,
 * so a build cut short by a restart is taken up again once the claim lapses) and its tries. A done export keeps
 * its child only while its ZIP is kept; an erasure forgets it once done, as before. At most one open export per
 * child and requesting user (the superadmin's and the guardian's are separate downloads).
 */
export class DataExport1797700000000 implements MigrationInterface {
  name = 'DataExport1797700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE data_requests
        ADD COLUMN export_key varchar(300),
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN progress_done integer,
        ADD COLUMN progress_total integer,
        ADD COLUMN claimed_until timestamptz,
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN next_try_at timestamptz,
        ADD COLUMN last_error text`);
    await q.query(`ALTER TABLE data_requests DROP CONSTRAINT data_requests_check`);
    await q.query(`
      ALTER TABLE data_requests ADD CONSTRAINT data_requests_forgets_child
        CHECK (state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL) OR (type = 'export' AND export_key IS NOT NULL))`);
    await q.query(`DROP INDEX data_requests_one_open`);
    await q.query(
      `CREATE UNIQUE INDEX data_requests_one_open ON data_requests (type, subject_digest) WHERE ${OPEN} AND type = 'erasure'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX data_requests_one_open_export ON data_requests (subject_digest, requested_by) WHERE ${OPEN} AND type = 'export'`,
    );
    await q.query(
      `CREATE INDEX data_requests_exports_due ON data_requests (next_try_at) WHERE ${OPEN} AND type = 'export'`,
    );
    await q.query(`CREATE INDEX data_requests_exports_kept ON data_requests (expires_at) WHERE export_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX data_requests_exports_kept`);
    await q.query(`DROP INDEX data_requests_exports_due`);
    await q.query(`DROP INDEX data_requests_one_open_export`);
    await q.query(`DROP INDEX data_requests_one_open`);
    await q.query(`CREATE UNIQUE INDEX data_requests_one_open ON data_requests (type, subject_digest) WHERE ${OPEN}`);
    await q.query(`ALTER TABLE data_requests DROP CONSTRAINT data_requests_forgets_child`);
    await q.query(
      `ALTER TABLE data_requests ADD CONSTRAINT data_requests_check CHECK (state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL))`,
    );
    await q.query(`
      ALTER TABLE data_requests DROP COLUMN export_key, DROP COLUMN expires_at, DROP COLUMN progress_done, DROP COLUMN progress_total,
        DROP COLUMN claimed_until, DROP COLUMN attempts, DROP COLUMN next_try_at, DROP COLUMN last_error`);
  }
}
