import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions list (GET /api/transactions): its amount order walks an index on each table (the date order
 * has `income_date_idx` and `expenses_date_idx`), and its search ("contains", case-insensitive) has a trigram
 * index on the text it searches: an income's source and remarks, an expense's description and category.
 * The expressions are the ones `transaction-list-sql.ts` filters on, word for word.
 */
export class TransactionListIndexes1798000000000 implements MigrationInterface {
  name = 'TransactionListIndexes1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX income_amount_idx ON income (amount, created_at, id)`);
    await q.query(`CREATE INDEX expenses_amount_idx ON expenses (amount, created_at, id)`);
    await q.query(
      `CREATE INDEX income_search_trgm ON income USING gin ((lower(source || ' ' || coalesce(remarks, ''))) gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX expenses_search_trgm ON expenses USING gin ((lower(description || ' ' || replace(category, '_', ' '))) gin_trgm_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['expenses_search_trgm', 'income_search_trgm', 'expenses_amount_idx', 'income_amount_idx'])
      await q.query(`DROP INDEX IF EXISTS ${index}`);
  }
}
