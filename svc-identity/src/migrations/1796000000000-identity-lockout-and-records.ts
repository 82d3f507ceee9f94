import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Brute-force state (failed sign-ins, locks) and the records each user created in other domains. */
export class IdentityLockoutAndRecords1796000000000 implements MigrationInterface {
  name = 'IdentityLockoutAndRecords1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        scope varchar(10) NOT NULL CHECK (scope IN ('username','address')),
        key varchar(255) NOT NULL,
        failed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at)`);
    await q.query(`CREATE INDEX login_failures_failed_at ON login_failures (failed_at)`);
    await q.query(`
      CREATE TABLE login_locks (
        scope varchar(10) NOT NULL CHECK (scope IN ('username','address')),
        key varchar(255) NOT NULL,
        locked_until timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      )`);
    // One row per record another domain reported; a deleted record keeps its row (deleted = true) so a
    // late or repeated "created" for it cannot bring it back.
    await q.query(`
      CREATE TABLE user_records (
        domain varchar(20) NOT NULL,
        record_type text NOT NULL,
        record_id varchar(100) NOT NULL,
        user_id varchar(100) NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (domain, record_type, record_id)
      )`);
    await q.query(`CREATE INDEX user_records_live ON user_records (user_id) WHERE NOT deleted`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE user_records');
    await q.query('DROP TABLE login_locks');
    await q.query('DROP TABLE login_failures');
  }
}
