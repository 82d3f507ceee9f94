import { Injectable } from '@nestjs/common';
import type { DataRequestDomain, DataRequestState, DataRequestType } from '@kcf/contracts';
import { Database, type ErasureTexts } from '@kcf/server-kit';

export interface DataRequestRow {
  id: string;
  type: DataRequestType;
  state: DataRequestState;
  beneficiaries_state: DataRequestState;
  finance_state: DataRequestState;
  identity_state: DataRequestState;
  beneficiary_id: string | null;
  names: string[] | null;
  /** An open erasure's other texts to look for (the words of the child's name, the guardian's names and phones). */
  erasure_texts: Omit<ErasureTexts, 'names'> | null;
  reason: string;
  requested_by: string;
  requested_by_name: string | null;
  /** The asker's role when it asked (null: asked before roles were kept). */
  requested_by_role: string | null;
  requested_at: Date;
  due_on: string;
  done_at: Date | null;
  /** An export's ZIP while it is kept, and until when it may be downloaded. */
  export_key: string | null;
  expires_at: Date | null;
  progress_done: number | null;
  progress_total: number | null;
}

const COLUMNS = `id, type, state, beneficiaries_state, finance_state, identity_state, beneficiary_id, names, erasure_texts, reason,
  requested_by, requested_by_name, requested_by_role, requested_at, due_on::text AS due_on, done_at, export_key, expires_at, progress_done, progress_total`;

export interface NewDataRequest {
  id: string;
  type: DataRequestType;
  digest: string;
  beneficiaryId: string;
  names: string[];
  /** An erasure's other texts to look for. */
  erasureTexts?: Omit<ErasureTexts, 'names'>;
  reason: string;
  requestedBy: string;
  requestedByName: string | null;
  requestedByRole: string;
  now: Date;
  /** The foundation's date of `now`. */
  today: string;
  dueDays: number;
}

/** Advisory-lock namespace of "requests about this child" (the key is a hash of the child's digest). */
const SUBJECT_LOCK_NAMESPACE = 7355610;

/** `data_requests`: the requests, their state per domain, and (while open) the child they are about. */
@Injectable()
export class DataRequestsRepository {
  constructor(private readonly db: Database) {}

  /** Serializes requests about one child until the unit of work ends. */
  async lockSubject(digest: string): Promise<void> {
    await this.db.write.exec('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBJECT_LOCK_NAMESPACE, digest]);
  }

  /** The open request of `type` about the child, else its newest done one. */
  findBySubject(type: DataRequestType, digest: string): Promise<DataRequestRow | null> {
    return this.db.write.one<DataRequestRow>(
      `SELECT ${COLUMNS} FROM data_requests WHERE type = $1 AND subject_digest = $2
       ORDER BY (state IN ('pending', 'running')) DESC, requested_at DESC LIMIT 1`,
      [type, digest],
    );
  }

  /** The user's open export of the child, if any. */
  findOpenExport(digest: string, requestedBy: string): Promise<DataRequestRow | null> {
    return this.db.write.one<DataRequestRow>(
      `SELECT ${COLUMNS} FROM data_requests WHERE type = 'export' AND subject_digest = $1 AND requested_by = $2 AND state IN ('pending', 'running')`,
      [digest, requestedBy],
    );
  }

  async insert(row: NewDataRequest): Promise<DataRequestRow> {
    return (await this.db.write.one<DataRequestRow>(
      `INSERT INTO data_requests (id, type, subject_digest, beneficiary_id, names, reason, requested_by, requested_by_name, requested_by_role, requested_at, due_on, erasure_texts)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11::date + $12::int, $13::jsonb)
       RETURNING ${COLUMNS}`,
      [
        row.id,
        row.type,
        row.digest,
        row.beneficiaryId,
        JSON.stringify(row.names),
        row.reason,
        row.requestedBy,
        row.requestedByName,
        row.requestedByRole,
        row.now,
        row.today,
        row.dueDays,
        row.erasureTexts ? JSON.stringify(row.erasureTexts) : null,
      ],
    ))!;
  }

  find(id: string): Promise<DataRequestRow | null> {
    return this.db.read.one<DataRequestRow>(`SELECT ${COLUMNS} FROM data_requests WHERE id = $1`, [id]);
  }

  list(): Promise<DataRequestRow[]> {
    return this.db.read.rows<DataRequestRow>(`SELECT ${COLUMNS} FROM data_requests ORDER BY requested_at DESC, id DESC`);
  }

  lock(id: string): Promise<DataRequestRow | null> {
    return this.db.write.one<DataRequestRow>(`SELECT ${COLUMNS} FROM data_requests WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** A domain reported its part done; the request runs until every domain has. */
  async markDomainDone(id: string, domain: DataRequestDomain): Promise<void> {
    const column = `${domain}_state`;
    await this.db.write.exec(`UPDATE data_requests SET ${column} = 'done', state = 'running' WHERE id = $1 AND state IN ('pending', 'running')`, [id]);
  }

  /** svc-beneficiaries has removed the child's rows; its stored objects are being removed. */
  async markErasing(id: string): Promise<void> {
    await this.db.write.exec(`UPDATE data_requests SET beneficiaries_state = 'running', state = 'running' WHERE id = $1 AND beneficiaries_state = 'pending'`, [id]);
  }

  /** Erasures whose rows svc-beneficiaries removed and whose stored objects are all gone, not reported yet. */
  erasedUnreported(): Promise<{ id: string }[]> {
    return this.db.read.rows<{ id: string }>(
      `SELECT id FROM data_requests r WHERE beneficiaries_state = 'running' AND erased_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM erasure_objects o WHERE o.request_id = r.id)`,
    );
  }

  /** Locks an erasure that is ready to report (as erasedUnreported); null once another took it. */
  lockUnreported(id: string): Promise<DataRequestRow | null> {
    return this.db.write.one<DataRequestRow>(
      `SELECT ${COLUMNS} FROM data_requests r WHERE id = $1 AND beneficiaries_state = 'running' AND erased_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM erasure_objects o WHERE o.request_id = r.id) FOR UPDATE`,
      [id],
    );
  }

  async markErased(id: string, now: Date): Promise<void> {
    await this.db.write.exec(`UPDATE data_requests SET erased_at = $2 WHERE id = $1`, [id, now]);
  }

  /** Every domain is done: the request forgets the child (only its digest stays). */
  async markDone(id: string, now: Date): Promise<void> {
    await this.db.write.exec(`UPDATE data_requests SET state = 'done', done_at = $2, beneficiary_id = NULL, names = NULL, erasure_texts = NULL WHERE id = $1`, [id, now]);
  }

  /** The child's erased guardian accounts no longer name the requests they made (their ids stay). */
  async eraseRequesterNames(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.write.exec(`UPDATE data_requests SET requested_by_name = 'erased' WHERE requested_by = ANY($1::text[]) AND requested_by_name IS DISTINCT FROM 'erased'`, [userIds]);
  }
}
