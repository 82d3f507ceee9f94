import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter that moves with every write to `beneficiaries`, in the writing transaction itself, so a read
 * that sees the counter at N sees exactly the rows of version N. The list keeps the totals it counted per
 * filter under that number (see list-totals.ts) instead of counting every matching child on every page.
 */
export class ListVersion1764300000000 implements MigrationInterface {
  name = 'ListVersion1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE beneficiaries_version (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      version bigint NOT NULL
    )`);
    await q.query(`INSERT INTO beneficiaries_version (version) VALUES (1)`);
    await q.query(`CREATE FUNCTION beneficiaries_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE beneficiaries_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER beneficiaries_version_bump
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON beneficiaries
      FOR EACH STATEMENT EXECUTE FUNCTION beneficiaries_version_bump()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER beneficiaries_version_bump ON beneficiaries`);
    await q.query(`DROP FUNCTION beneficiaries_version_bump()`);
    await q.query(`DROP TABLE beneficiaries_version`);
  }
}
