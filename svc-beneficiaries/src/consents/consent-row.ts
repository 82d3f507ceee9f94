import {
  CONSENT_PURPOSES,
  type ConsentHistoryEntry,
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentRecord,
  type IsoDate,
} from '@kcf/contracts';

/** The columns every read of a consent change selects (unqualified: consent_history). */
export const CONSENT_COLUMNS = `id::text, beneficiary_id, purpose, state, given_by, relationship, method, witness, date::text AS date,
  expires_on::text AS expires_on, evidence_document_id::text AS evidence_document_id, recorded_by, recorded_by_name,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

/** One recorded change of a child's consent for one purpose (a row of consent_history). */
export interface ConsentRow {
  id: string;
  beneficiary_id: string;
  purpose: ConsentPurpose;
  state: 'granted' | 'withdrawn';
  given_by: string;
  relationship: string;
  method: ConsentMethod;
  witness: string | null;
  date: string;
  expires_on: string | null;
  evidence_document_id: string | null;
  recorded_by: string;
  recorded_by_name: string | null;
  recorded_at: string;
}

/** A grant counts until the end of its expiry date (the foundation's calendar); after it, it reads as not recorded. */
export function isExpired(row: Pick<ConsentRow, 'state' | 'expires_on'>, today: IsoDate): boolean {
  return row.state === 'granted' && row.expires_on !== null && row.expires_on < today;
}

/** A purpose's current state on `today`: its newest change, an expired grant as not_recorded, none as not_recorded. */
export function toConsentRecord(purpose: ConsentPurpose, row: ConsentRow | null, today: IsoDate): ConsentRecord {
  if (!row) {
    return {
      purpose,
      state: 'not_recorded',
      givenBy: null,
      relationship: null,
      method: null,
      witness: null,
      date: null,
      expiresOn: null,
      recordedBy: null,
      evidenceDocumentId: null,
      recordedAt: null,
    };
  }
  return { purpose, state: isExpired(row, today) ? 'not_recorded' : row.state, ...fieldsOf(row) };
}

export function toHistoryEntry(row: ConsentRow): ConsentHistoryEntry {
  return { id: row.id, beneficiaryId: row.beneficiary_id, purpose: row.purpose, state: row.state, ...fieldsOf(row) };
}

function fieldsOf(row: ConsentRow): Omit<ConsentRecord, 'purpose' | 'state'> {
  return {
    givenBy: row.given_by,
    relationship: row.relationship,
    method: row.method,
    witness: row.witness,
    date: row.date,
    expiresOn: row.expires_on,
    recordedBy: row.recorded_by_name ?? row.recorded_by,
    evidenceDocumentId: row.evidence_document_id,
    recordedAt: row.recorded_at,
  };
}

/** The four purposes in the contract's order, each with its current row (or none). */
export function currentByPurpose(rows: ConsentRow[]): Map<ConsentPurpose, ConsentRow | null> {
  return new Map(CONSENT_PURPOSES.map((purpose) => [purpose, rows.find((r) => r.purpose === purpose) ?? null]));
}
