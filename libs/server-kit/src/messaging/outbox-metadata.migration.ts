import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Adds the events' metadata (the id of the request that caused each) to `outbox`. */
export class OutboxMetadata1798100000000 implements MigrationInterface {
  name = 'OutboxMetadata1798100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "metadata" jsonb NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN IF EXISTS "metadata"`);
  }
}
