import type { MigrationInterface, QueryRunner } from 'typeorm';
import { toE164 } from '@kcf/contracts';

/** How many children one read takes, and one statement rewrites. */
const BATCH = 1000;

/**
 * Guardian phones are stored in E.164 (+254712345678) since the form and the import check them (contracts'
 * `requiredPhone`). Those stored before, written any way (0712 345 678, 254712345678), are rewritten where they
 * read as one valid number, and left as they are where they do not (the screens show such a text as it is). The
 * rows go through the table's triggers like any change (the list's stored object, its version). Nothing to undo:
 * the E.164 form is the same number.
 */
export class GuardianPhonesE1641798520000000 implements MigrationInterface {
  name = 'GuardianPhonesE1641798520000000';

  async up(q: Pick<QueryRunner, 'query'>): Promise<void> {
    let after = '';
    for (;;) {
      const rows = (await q.query(
        `SELECT id, guardian_phone FROM beneficiaries WHERE id > $1 AND guardian_phone !~ '^\\+[1-9][0-9]{7,14}$' ORDER BY id LIMIT ${BATCH}`,
        [after],
      )) as { id: string; guardian_phone: string }[];
      if (rows.length === 0) return;
      after = rows[rows.length - 1].id;
      const changed = rows.flatMap((row) => {
        const phone = toE164(row.guardian_phone);
        return phone && phone !== row.guardian_phone ? [{ id: row.id, phone }] : [];
      });
      if (changed.length === 0) continue;
      await q.query(
        `UPDATE beneficiaries AS b SET guardian_phone = v.phone FROM unnest($1::varchar[], $2::varchar[]) AS v(id, phone) WHERE b.id = v.id`,
        [changed.map((c) => c.id), changed.map((c) => c.phone)],
      );
    }
  }

  async down(): Promise<void> {}
}
