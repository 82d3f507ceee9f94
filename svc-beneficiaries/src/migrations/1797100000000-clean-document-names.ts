import { cleanStoredNamesSql } from '@kcf/server-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Document names stored before bidi and control characters were kept out of them ("a\u202Efdp.exe"). */
export class CleanDocumentNames1797100000000 implements MigrationInterface {
  name = 'CleanDocumentNames1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(cleanStoredNamesSql('documents', 'original_name'));
  }

  async down(): Promise<void> {
    // The characters removed are not kept anywhere.
  }
}
