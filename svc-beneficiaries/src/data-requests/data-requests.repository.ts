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
  /** How many times an export's ZIP was downloaded, and the last time. */
  downloads: number;
  last_downloaded_at: Date | null;
}

/** A request as the API shows it: with its child's name while the child exists (null once it does not). */
export interface ShownDataRequestRow extends DataRequestRow {
  beneficiary_full_name: string | null;
}

const COLUMNS = `id, type, state, beneficiaries_state, finance_state, identity_state, beneficiary_id, names, erasure_texts, reason,
  requested_by, requested_by_name, requested_by_role, requested_at, due_on::text AS due_on, done_at, export_key, expires_at, progress_done, progress_total,
  downloads, last_downloaded_at`;

/** COLUMNS of `r`, with the name of its child while it exists. */
const SHOWN_COLUMNS = `r.id, r.type, r.state, r.beneficiaries_state, r.finance_state, r.identity_state, r.beneficiary_id, r.names, r.erasure_texts,
  r.reason, r.requested_by, r.requested_by_name, r.requested_by_role, r.requested_at, r.due_on::text AS due_on, r.done_at, r.export_key, r.expires_at,
  r.progress_done, r.progress_total, r.downloads, r.last_downloaded_at, b.full_name AS beneficiary_full_name`;
const SHOWN_FROM = `data_requests r LEFT JOIN beneficiaries b ON b.id = r.beneficiary_id`;

/** Which requests a list holds: about one child, of one type, asked by one user (each null: any). */
export interface DataRequestFilter {
  beneficiaryId: string | null;
  type: DataRequestType | null;
  requestedBy: string | null;
}

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

  find(id: string): Promise<ShownDataRequestRow | null> {
    return this.db.read.one<ShownDataRequestRow>(`SELECT ${SHOWN_COLUMNS} FROM ${SHOWN_FROM} WHERE r.id = $1`, [id]);
  }

  /** Newest first. */
  list(filter: DataRequestFilter): Promise<ShownDataRequestRow[]> {
    return this.db.read.rows<ShownDataRequestRow>(
      `SELECT ${SHOWN_COLUMNS} FROM ${SHOWN_FROM}
       WHERE ($1::text IS NULL OR r.beneficiary_id = $1) AND ($2::text IS NULL OR r.type = $2) AND ($3::text IS NULL OR r.requested_by = $3)
       ORDER BY r.requested_at DESC, r.id DESC`,
      [filter.beneficiaryId, filter.type, filter.requestedBy],
    );
  }

  /** The digests of the children of exports that no longer name them, other than children erased (an erasure names its digest). */
  async forgottenExportDigests(): Promise<string[]> {
    const rows = await this.db.read.rows<{ digest: string }>(
      `SELECT DISTINCT r.subject_digest AS digest FROM data_requests r
        WHERE r.type = 'export' AND r.beneficiary_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM data_requests e WHERE e.type = 'erasure' AND e.subject_digest = r.subject_digest)`,
    );
    return rows.map((r) => r.digest);
  }

  /** The id of every child. */
  async childIds(): Promise<string[]> {
    return (await this.db.read.rows<{ id: string }>(`SELECT id FROM beneficiaries`)).map((r) => r.id);
  }

  /** The exports that no longer name their child name it again, found by its digest; resolves to how many. */
  nameForgottenExports(children: readonly { id: string; digest: string }[]): Promise<number> {
    return this.db.write.exec(
      `UPDATE data_requests r SET beneficiary_id = c.id
         FROM unnest($1::text[], $2::text[]) AS c(id, digest)
        WHERE r.type = 'export' AND r.beneficiary_id IS NULL AND r.subject_digest = c.digest`,
      [children.map((c) => c.id), children.map((c) => c.digest)],
    );
  }

  /** The export's ZIP was handed over at `now`. */
  async countDownload(id: string, now: Date): Promise<void> {
    await this.db.write.exec(
      `UPDATE data_requests SET downloads = downloads + 1, last_downloaded_at = $2 WHERE id = $1`,
      [id, now],
    );
  }

  lock(id: string): Promise<DataRequestRow | null> {
    return this.db.write.one<DataRequestRow>(`SELECT ${COLUMNS} FROM data_requests WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** A domain reported its part done; the request runs until every domain has. */
  async markDomainDone(id: string, domain: DataRequestDomain): Promise<void> {
    const column = `${domain}_state`;
    await this.db.write.exec(
      `UPDATE data_requests SET ${column} = 'done', state = 'running' WHERE id = $1 AND state IN ('pending', 'running')`,
      [id],
    );
  }

  /** svc-beneficiaries has removed the child's rows; its stored objects are being removed. */
  async markErasing(id: string): Promise<void> {
    await this.db.write.exec(
      `UPDATE data_requests SET beneficiaries_state = 'running', state = 'running' WHERE id = $1 AND beneficiaries_state = 'pending'`,
      [id],
    );
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
    await this.db.write.exec(
      `UPDATE data_requests SET state = 'done', done_at = $2, beneficiary_id = NULL, names = NULL, erasure_texts = NULL WHERE id = $1`,
      [id, now],
    );
  }

  /** The child's erased guardian accounts no longer name the requests they made (their ids stay). */
  async eraseRequesterNames(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.write.exec(
      `UPDATE data_requests SET requested_by_name = 'erased' WHERE requested_by = ANY($1::text[]) AND requested_by_name IS DISTINCT FROM 'erased'`,
      [userIds],
    );
  }
}
