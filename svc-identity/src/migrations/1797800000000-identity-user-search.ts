import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User Management's filters: a trigram index on the searched text (first and last name, username, email; the
 * same expression as `USER_SEARCH_TEXT` in users.repository.ts) for `ILIKE '%…%'`, and the list's order.
 */
export class IdentityUserSearch1797800000000 implements MigrationInterface {
  name = 'IdentityUserSearch1797800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(
      `CREATE INDEX users_search_trgm ON users USING gin ((first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, '')) gin_trgm_ops)`,
    );
    await q.query(`CREATE INDEX users_list_order ON users (created_at, username)`);
    await q.query(`CREATE INDEX users_role_list_order ON users (role, created_at, username)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX users_role_list_order');
    await q.query('DROP INDEX users_list_order');
    await q.query('DROP INDEX users_search_trgm');
  }
}
