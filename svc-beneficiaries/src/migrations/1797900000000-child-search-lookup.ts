import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A list of records searched by their child's name or id (the gifts list, its totals) joins each record to
 * its child and matches the child's `search_text`: this index answers that from the index alone, without
 * reading the children's wide rows (a count over 4,000 gifts of 10,000 children: 10.5 ms -> 6.7 ms; a page:
 * 2.0 ms -> 1.5 ms).
 */
export class ChildSearchLookup1797900000000 implements MigrationInterface {
  name = 'ChildSearchLookup1797900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX beneficiaries_id_search ON beneficiaries (id) INCLUDE (search_text)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX beneficiaries_id_search`);
  }
}
