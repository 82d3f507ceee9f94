import { cleanStoredNamesSql } from '@kcf/server-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Receipt names stored before bidi and control characters were kept out of them ("a\u202Efdp.exe"). */
export class CleanReceiptNames1797100000000 implements MigrationInterface {
  name = 'CleanReceiptNames1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(cleanStoredNamesSql('expenses', 'receipt_name'));
  }

  async down(): Promise<void> {
    // The characters removed are not kept anywhere.
  }
}
