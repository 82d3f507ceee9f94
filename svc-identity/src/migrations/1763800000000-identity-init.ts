import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInit1763800000000 implements MigrationInterface {
  name = 'IdentityInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username varchar(10) NOT NULL,
        first_name varchar(100) NOT NULL DEFAULT '',
        last_name varchar(100) NOT NULL DEFAULT '',
        email varchar(254),
        role varchar(20) NOT NULL CHECK (role IN ('viewer','admin','superadmin','beneficiary')),
        password_hash text NOT NULL,
        must_change_password boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        beneficiary_id varchar(32),
        profile_image_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`);
    await q.query(`
      CREATE TABLE sessions (
        id_hash varchar(64) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_user_id ON sessions (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sessions');
    await q.query('DROP TABLE users');
  }
}
