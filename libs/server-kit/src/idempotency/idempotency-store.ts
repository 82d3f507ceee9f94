import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../database/raw-query';
import type { KeyedRequest } from './idempotency-key';

/** A request that holds its key: it alone may complete (or release) the record. */
export interface KeyClaim {
  request: KeyedRequest;
  owner: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: KeyClaim }
  /** The key's request was done: its answer, to send again. */
  | { kind: 'replay'; status: number; body: unknown }
  /** The same key and content, still running elsewhere. */
  | { kind: 'busy' }
  /** The same key with other content. */
  | { kind: 'mismatch' };

/** Thrown when a request that ran longer than the lease finds its key taken over: it must not commit. */
export class KeyLeaseLostError extends Error {
  constructor() {
    super('The Idempotency-Key was taken over by a retry while this request was still running');
    this.name = 'KeyLeaseLostError';
  }
}

interface KeyRow {
  state: 'running' | 'done';
  fingerprint: string;
  status: number | null;
  body: string | null;
}

/**
 * The service's idempotency records (table `idempotency_keys`). A request with a key first claims it in a
 * statement of its own (state `running`, with a fresh owner token); the answer is written into the record
 * inside the unit of work that does the change, so the change and its record commit together or not at
 * all. A running record older than the lease belongs to a request that died (its unit rolled back), and
 * the next retry takes it over.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: DataSource,
    private readonly leaseSeconds = 60,
  ) {}

  async claim(request: KeyedRequest): Promise<ClaimOutcome> {
    const owner = randomUUID();
    // The claim's commit does not wait for its WAL to reach the disk (synchronous_commit off, for this one
    // statement): a crash can lose the claim only together with every later commit, the write's included,
    // since WAL is flushed in order; a lost claim is simply made again by the retry.
    const taken = await queryPrepared(
      this.db,
      `INSERT INTO idempotency_keys AS k (id, user_id, method, path, fingerprint, state, owner, locked_at, created_at)
       SELECT $1, $2, $3, $4, $5, 'running', $6, now(), now() FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
       ON CONFLICT (id) DO UPDATE SET owner = EXCLUDED.owner, locked_at = now()
         WHERE k.state = 'running' AND k.fingerprint = EXCLUDED.fingerprint AND k.locked_at < now() - make_interval(secs => $7)
       RETURNING 1`,
      [request.id, request.userId, request.method, request.path, request.fingerprint, owner, this.leaseSeconds],
    );
    if (taken.length > 0) return { kind: 'claimed', claim: { request, owner } };
    const [row] = await queryPrepared<KeyRow>(this.db, `SELECT state, fingerprint, status, body FROM idempotency_keys WHERE id = $1`, [request.id]);
    // Swept between the two statements: claim it afresh.
    if (!row) return this.claim(request);
    if (row.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', status: row.status ?? 200, body: row.body === null ? undefined : JSON.parse(row.body) };
    return { kind: 'busy' };
  }

  /** Records the answer, in the unit of work's transaction; refuses when the claim was taken over. */
  async complete(manager: EntityManager, claim: KeyClaim, status: number, body: unknown): Promise<void> {
    const done = await queryPrepared(
      manager,
      `UPDATE idempotency_keys SET state = 'done', status = $3, body = $4, locked_at = now()
       WHERE id = $1 AND owner = $2 AND state = 'running' RETURNING 1`,
      [claim.request.id, claim.owner, status, body === undefined ? null : JSON.stringify(body)],
    );
    if (done.length === 0) throw new KeyLeaseLostError();
  }

  /** After a lost COMMIT answer: whether this claim's unit committed (its answer is recorded). */
  async outcome(claim: KeyClaim): Promise<'committed' | 'not-committed'> {
    const [row]: { state: string }[] = await this.db.query(`SELECT state FROM idempotency_keys WHERE id = $1 AND owner = $2`, [
      claim.request.id,
      claim.owner,
    ]);
    return row?.state === 'done' ? 'committed' : 'not-committed';
  }

  /** Frees the key of a request that failed, so that a retry runs it again. */
  async release(claim: KeyClaim): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE id = $1 AND owner = $2 AND state = 'running'`, [claim.request.id, claim.owner]);
  }

  /** Removes records older than `ttlHours`; returns how many. */
  async sweep(ttlHours: number): Promise<number> {
    const [swept]: { n: number }[] = await this.db.query(
      `WITH swept AS (DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM swept`,
      [ttlHours],
    );
    return swept.n;
  }
}
