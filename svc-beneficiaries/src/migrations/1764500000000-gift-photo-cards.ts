import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An 800x336 JPEG made from each gift photo when it is uploaded: the Gifts page shows it in the card
 * instead of the full photo. Gifts stored before have none (their card shows the photo itself).
 */
export class GiftPhotoCards1764500000000 implements MigrationInterface {
  name = 'GiftPhotoCards1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gifts ADD COLUMN photo_card_key varchar(200)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gifts DROP COLUMN photo_card_key`);
  }
}
