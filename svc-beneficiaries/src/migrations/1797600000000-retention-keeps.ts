import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The retention review's Keeps: a superadmin's decision (with its reason) to keep an inactive child for another
 * year instead of erasing it. One row per child, the last Keep; it goes with the child (ON DELETE CASCADE), so
 * an erasure leaves none behind. Each Keep is also in the audit trail.
 */
export class RetentionKeeps1797600000000 implements MigrationInterface {
  name = 'RetentionKeeps1797600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE retention_keeps (
        beneficiary_id varchar(20) PRIMARY KEY REFERENCES beneficiaries(id) ON DELETE CASCADE,
        reason text NOT NULL,
        kept_by varchar(100) NOT NULL,
        kept_by_name varchar(255),
        kept_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE retention_keeps');
  }
}
