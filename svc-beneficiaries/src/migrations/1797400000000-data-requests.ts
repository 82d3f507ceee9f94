import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATES = `'pending', 'running', 'done', 'failed'`;

/**
 * Data requests about one child (an erasure now, an export later) and the stored objects an erasure still
 * has to remove. A request names its child (`beneficiary_id`, `names`) only while it is open; once done it
 * keeps only `subject_digest`, an HMAC of the child's id, so a repeat is recognised without the id. At most
 * one open request of a type per child.
 */
export class DataRequests1797400000000 implements MigrationInterface {
  name = 'DataRequests1797400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE data_requests (
        id uuid PRIMARY KEY,
        type varchar(10) NOT NULL CHECK (type IN ('export', 'erasure')),
        state varchar(10) NOT NULL DEFAULT 'pending' CHECK (state IN (${STATES})),
        beneficiaries_state varchar(10) NOT NULL DEFAULT 'pending' CHECK (beneficiaries_state IN (${STATES})),
        finance_state varchar(10) NOT NULL DEFAULT 'pending' CHECK (finance_state IN (${STATES})),
        identity_state varchar(10) NOT NULL DEFAULT 'pending' CHECK (identity_state IN (${STATES})),
        subject_digest char(64) NOT NULL,
        beneficiary_id varchar(20),
        names jsonb,
        reason text NOT NULL,
        requested_by varchar(100) NOT NULL,
        requested_by_name varchar(255),
        requested_at timestamptz NOT NULL,
        due_on date NOT NULL,
        done_at timestamptz,
        -- When svc-beneficiaries finished its own part (rows, stored objects, audit values) and reported it.
        erased_at timestamptz,
        CHECK (state <> 'done' OR (beneficiary_id IS NULL AND names IS NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX data_requests_one_open ON data_requests (type, subject_digest) WHERE state IN ('pending', 'running')`,
    );
    await q.query(`CREATE INDEX data_requests_newest ON data_requests (requested_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE erasure_objects (
        key varchar(300) PRIMARY KEY,
        request_id uuid NOT NULL REFERENCES data_requests(id),
        attempts integer NOT NULL DEFAULT 0,
        next_try_at timestamptz NOT NULL,
        last_error text
      )`);
    await q.query(`CREATE INDEX erasure_objects_due ON erasure_objects (next_try_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE erasure_objects');
    await q.query('DROP TABLE data_requests');
  }
}
