import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gifts list pages by date given in either direction, ties broken by when recorded and then the id
 * (a total order), optionally of one type: an index for each, replacing the date index without the id.
 */
export class GiftListIndexes1797800000000 implements MigrationInterface {
  name = 'GiftListIndexes1797800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX gifts_newest`);
    await q.query(
      `CREATE INDEX gifts_by_date ON gifts (date_given, created_at, id) INCLUDE (gift_type, beneficiary_id, amount)`,
    );
    await q.query(
      `CREATE INDEX gifts_by_type_date ON gifts (gift_type, date_given, created_at, id) INCLUDE (beneficiary_id, amount)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX gifts_by_type_date`);
    await q.query(`DROP INDEX gifts_by_date`);
    await q.query(`CREATE INDEX gifts_newest ON gifts (date_given DESC, created_at DESC)`);
  }
}
