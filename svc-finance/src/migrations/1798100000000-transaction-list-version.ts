import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions list's version: a counter moved in the writing transaction by every write to `income` or
 * `expenses`, so a read that sees the counter at N sees exactly the records of version N. The list keeps the
 * totals it counted per filter under that number (server-kit's ListTotals) instead of counting every matching
 * record on every page.
 */
export class TransactionListVersion1798100000000 implements MigrationInterface {
  name = 'TransactionListVersion1798100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE transactions_version (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      version bigint NOT NULL
    )`);
    await q.query(`INSERT INTO transactions_version (version) VALUES (1)`);
    await q.query(`CREATE FUNCTION transactions_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE transactions_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    for (const table of ['income', 'expenses']) {
      await q.query(`CREATE TRIGGER transactions_version_bump
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION transactions_version_bump()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['income', 'expenses']) await q.query(`DROP TRIGGER transactions_version_bump ON ${table}`);
    await q.query(`DROP FUNCTION transactions_version_bump()`);
    await q.query(`DROP TABLE transactions_version`);
  }
}
