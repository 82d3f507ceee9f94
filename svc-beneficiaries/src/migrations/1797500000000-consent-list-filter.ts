import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each sort index of the list (1764400000000-list-covering-indexes) and the key it orders by. */
const SORT_INDEXES: Record<string, string> = {
  beneficiaries_sort_number: 'number',
  beneficiaries_sort_full_name: 'full_name_key, number',
  beneficiaries_sort_guardian_name: 'guardian_name_key, number',
  beneficiaries_sort_date_of_birth: 'date_of_birth, number',
  beneficiaries_sort_home_village: 'home_village_key, number',
  beneficiaries_sort_school_name: 'school_name_key, number',
  beneficiaries_sort_grade: 'grade_rank, number',
  beneficiaries_sort_is_active: 'is_active, number',
};

const FILTER_COLUMNS = 'search_text, county, is_active, has_special_needs';
const WITH_CONSENT = `${FILTER_COLUMNS}, registration_consent_until, photos_consent_until`;

/** The last day the purpose's current grant counts, for each child that has a record of it ('infinity' without expiry, null when withdrawn). */
function currentUntil(purpose: string): string {
  return `SELECT DISTINCT ON (beneficiary_id) beneficiary_id,
            CASE WHEN state = 'granted' THEN coalesce(expires_on, 'infinity'::date) END AS until
          FROM consent_history WHERE purpose = '${purpose}' ORDER BY beneficiary_id, seq DESC`;
}

/**
 * The list's consent filter (`consent=registration_missing|photos_missing`) and the dashboard's counts. A
 * child's registration and photos_internal consent are kept on its row as the last day their current grant
 * counts (`infinity` without expiry; null when not recorded or withdrawn), written with each consent change,
 * so "without consent today" is `until IS NULL OR until < today` on the row. The sort indexes carry both
 * columns, so a page of the filtered list is still found from one index alone. Grants that expire soon are
 * found by a partial index on consent_history.
 */
export class ConsentListFilter1797500000000 implements MigrationInterface {
  name = 'ConsentListFilter1797500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE beneficiaries ADD COLUMN registration_consent_until date, ADD COLUMN photos_consent_until date`,
    );
    await q.query(
      `UPDATE beneficiaries b SET registration_consent_until = c.until FROM (${currentUntil('registration')}) c WHERE b.id = c.beneficiary_id`,
    );
    await q.query(
      `UPDATE beneficiaries b SET photos_consent_until = c.until FROM (${currentUntil('photos_internal')}) c WHERE b.id = c.beneficiary_id`,
    );
    for (const [name, key] of Object.entries(SORT_INDEXES)) {
      await q.query(`DROP INDEX ${name}`);
      await q.query(`CREATE INDEX ${name} ON beneficiaries (${key}) INCLUDE (${WITH_CONSENT})`);
    }
    await q.query(
      `CREATE INDEX consent_history_expiring ON consent_history (expires_on) WHERE state = 'granted' AND expires_on IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX consent_history_expiring`);
    for (const [name, key] of Object.entries(SORT_INDEXES)) {
      await q.query(`DROP INDEX ${name}`);
      await q.query(`CREATE INDEX ${name} ON beneficiaries (${key}) INCLUDE (${FILTER_COLUMNS})`);
    }
    await q.query(`ALTER TABLE beneficiaries DROP COLUMN registration_consent_until, DROP COLUMN photos_consent_until`);
  }
}
