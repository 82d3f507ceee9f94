import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `outbox` and `processed_events`. Every service that publishes or consumes events lists it. */
export class CreateOutboxTables1795300000000 implements MigrationInterface {
  name = 'CreateOutboxTables1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "outbox" (
        "id" uuid PRIMARY KEY,
        "seq" bigserial NOT NULL,
        "subject" varchar(200) NOT NULL,
        "payload" jsonb NOT NULL,
        "occurred_at" timestamptz NOT NULL,
        "sent_at" timestamptz NULL,
        "attempts" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "outbox_unsent_idx" ON "outbox" ("seq") WHERE sent_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "processed_events" (
        "consumer" varchar(100) NOT NULL,
        "event_id" uuid NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("consumer", "event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "processed_events"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "outbox"`);
  }
}
