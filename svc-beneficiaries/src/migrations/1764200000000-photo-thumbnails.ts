import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A small JPEG made from each photo when it is uploaded (the list and the gift cards show photos small). */
export class PhotoThumbnails1764200000000 implements MigrationInterface {
  name = 'PhotoThumbnails1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE beneficiaries ADD COLUMN photo_thumbnail_key varchar(200)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE beneficiaries DROP COLUMN photo_thumbnail_key`);
  }
}
