import { Injectable } from '@nestjs/common';
import { CONSENT_PURPOSES, type ExpiringConsent, type IsoDate } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';

/** A grant (`c`, consent_history) that is its purpose's newest change and whose last day is between $1 and $2 days after it. */
const CURRENT_GRANT_EXPIRING = `c.state = 'granted' AND c.expires_on BETWEEN $1::date AND $1::date + $2::int
  AND NOT EXISTS (SELECT 1 FROM consent_history n WHERE n.beneficiary_id = c.beneficiary_id AND n.purpose = c.purpose AND n.seq > c.seq)`;

/** The dashboard's view of consent across all children, on the foundation's date. */
@Injectable()
export class ConsentOverviewRepository {
  constructor(private readonly db: Database) {}

  /**
   * How many children have no registration, and no photo (photos_internal), consent that counts on `today`:
   * the same rule as the list's consent filter (list-sql.ts), on the columns the consent changes keep.
   */
  async missing(today: IsoDate): Promise<{ registrationMissing: number; photosMissing: number }> {
    const row = await this.db.read.one<{ registrationMissing: number; photosMissing: number }>(
      `SELECT count(*) FILTER (WHERE registration_consent_until IS NULL OR registration_consent_until < $1::date)::int AS "registrationMissing",
              count(*) FILTER (WHERE photos_consent_until IS NULL OR photos_consent_until < $1::date)::int AS "photosMissing"
         FROM beneficiaries`,
      [today],
    );
    return row ?? { registrationMissing: 0, photosMissing: 0 };
  }

  /**
   * Current grants (the newest change of their purpose) whose last day is between `today` and `days` days
   * later, soonest first, at most `limit`, with how many there are in all.
   */
  async expiring(today: IsoDate, days: number, limit: number): Promise<{ items: ExpiringConsent[]; total: number }> {
    const [items, counted] = await Promise.all([
      this.db.read.rows<ExpiringConsent>(
        `SELECT c.beneficiary_id AS "beneficiaryId", b.full_name AS "fullName", c.purpose, c.expires_on::text AS "expiresOn"
           FROM consent_history c JOIN beneficiaries b ON b.id = c.beneficiary_id WHERE ${CURRENT_GRANT_EXPIRING}
           ORDER BY c.expires_on, b.number, array_position($3::text[], c.purpose::text) LIMIT $4`,
        [today, days, [...CONSENT_PURPOSES], limit],
      ),
      this.db.read.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM consent_history c WHERE ${CURRENT_GRANT_EXPIRING}`,
        [today, days],
      ),
    ]);
    return { items, total: counted?.total ?? 0 };
  }
}
