import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The role of the user who asked for a data request, as the gateway vouched for it when asked. An export asked
 * from a guardian's own account (role beneficiary) shows staff in its audit entries by their role only; a
 * request made before this column (null) is built the same careful way.
 */
export class DataRequestAskerRole1798300000000 implements MigrationInterface {
  name = 'DataRequestAskerRole1798300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_requests ADD COLUMN requested_by_role varchar(20)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_requests DROP COLUMN requested_by_role`);
  }
}
