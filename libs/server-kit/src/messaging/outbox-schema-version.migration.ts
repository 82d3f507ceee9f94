import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Adds each event's payload schema version to `outbox`; rows from before it have none and are read as 1.0. */
export class OutboxSchemaVersion1798200000000 implements MigrationInterface {
  name = 'OutboxSchemaVersion1798200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "schema_version" varchar(16) NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN IF EXISTS "schema_version"`);
  }
}
