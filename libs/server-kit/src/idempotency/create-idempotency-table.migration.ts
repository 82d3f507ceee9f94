import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `idempotency_keys` (see IdempotencyStore). Every service lists it. */
export class CreateIdempotencyTable1797000000000 implements MigrationInterface {
  name = 'CreateIdempotencyTable1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "idempotency_keys" (
        "id" char(64) PRIMARY KEY,
        "user_id" varchar(100) NOT NULL,
        "method" varchar(10) NOT NULL,
        "path" text NOT NULL,
        "fingerprint" char(64) NOT NULL,
        "state" varchar(8) NOT NULL CHECK ("state" IN ('running', 'done')),
        "owner" uuid NOT NULL,
        "locked_at" timestamptz NOT NULL,
        "status" smallint NULL,
        "body" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "idempotency_keys_created_idx" ON "idempotency_keys" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "idempotency_keys"`);
  }
}
