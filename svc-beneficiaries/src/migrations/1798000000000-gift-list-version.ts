import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gifts list's version: a counter moved in the writing transaction by every write to `gifts`, and by every
 * change of a child's name (the list's search matches it) or removal of a child, so a read that sees the
 * counter at N sees exactly the gifts, and the names they are searched by, of version N. The list and its
 * totals keep what they counted per filter under that number (server-kit's ListTotals) instead of counting
 * every matching gift on every page.
 */
export class GiftListVersion1798000000000 implements MigrationInterface {
  name = 'GiftListVersion1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE gifts_version (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      version bigint NOT NULL
    )`);
    await q.query(`INSERT INTO gifts_version (version) VALUES (1)`);
    await q.query(`CREATE FUNCTION gifts_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE gifts_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER gifts_version_bump
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gifts
      FOR EACH STATEMENT EXECUTE FUNCTION gifts_version_bump()`);
    await q.query(`CREATE TRIGGER gifts_version_bump
      AFTER UPDATE OF full_name OR DELETE OR TRUNCATE ON beneficiaries
      FOR EACH STATEMENT EXECUTE FUNCTION gifts_version_bump()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER gifts_version_bump ON beneficiaries`);
    await q.query(`DROP TRIGGER gifts_version_bump ON gifts`);
    await q.query(`DROP FUNCTION gifts_version_bump()`);
    await q.query(`DROP TABLE gifts_version`);
  }
}
