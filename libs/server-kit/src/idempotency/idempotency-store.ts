import type { Database } from '../unit-of-work/database';
import type { KeyedRequest } from './idempotency-key';
import { sqlLiteral } from './sql-literal';

export type ClaimOutcome =
  /** Nobody else holds the key and it has no record: the request runs, holding the key until it ends. */
  | { kind: 'claimed' }
  /** The key's request was done: its answer, to send again. */
  | { kind: 'replay'; status: number; body: unknown }
  /** The same key is held by a request still running. */
  | { kind: 'busy' }
  /** The same key with other content. */
  | { kind: 'mismatch' };

interface ClaimRow {
  got: boolean;
  fingerprint: string | null;
  status: number | null;
  body: string | null;
}

/** The key's lock number: the first 64 bits of its record's id (a SHA-256), as PostgreSQL's bigint. */
function lockNumber(request: KeyedRequest): string {
  return BigInt.asIntN(64, BigInt(`0x${request.id.slice(0, 16)}`)).toString();
}

/** Where the claim's first statement leaves whether it got the key's lock, for its second (transaction-local). */
const CLAIM_SETTING = 'kcf.idempotency_lock';

/**
 * The service's idempotency records (table `idempotency_keys`), written only for requests that succeeded.
 * A request with a key runs in a unit of work whose transaction begins with the claim: a transaction-scoped
 * advisory lock on the key (held until the unit commits or rolls back, also when its process dies), then the
 * key's record, if any. The record with the answer is written by the statement sent with the unit's COMMIT,
 * so the change and its record commit together or not at all, and the claim and the record ride along with
 * BEGIN and COMMIT in their round trips.
 */
export class IdempotencyStore {
  constructor(private readonly db: Database) {}

  /**
   * The claim, run right after BEGIN in the same round trip (see WorkScope.open): two statements, the lock
   * first, then the record. In READ COMMITTED each statement reads in a snapshot taken when it starts, so the
   * record must be read by a statement that starts after the lock was tried: read in the lock's own
   * statement, it would be seen as it was before a request holding the key committed and let go of it, and
   * the repeat would find the lock free and no record, do the work again and fail on the record's key. Read
   * after it, a lock got means any earlier holder has ended and its record (committed before its lock went)
   * is seen. The first statement leaves its result in a transaction-local setting the second reports, so the
   * claim stays one round trip and its result one row (the second statement costs microseconds, no round
   * trip). Preferred to answering a duplicate record at COMMIT with the replay: that would run the work a
   * second time first, its rules seeing the first request's change (a balance, a name taken) and answering
   * something else.
   */
  claimStatement(request: KeyedRequest): string {
    return `SELECT set_config('${CLAIM_SETTING}', pg_try_advisory_xact_lock(${lockNumber(request)})::text, true);
      SELECT current_setting('${CLAIM_SETTING}')::boolean AS got, k.fingerprint, k.status, k.body
      FROM (SELECT 1) AS one LEFT JOIN idempotency_keys AS k ON k.id = ${sqlLiteral(request.id)}`;
  }

  /** What the claim found. */
  outcomeOf(row: ClaimRow | undefined, request: KeyedRequest): ClaimOutcome {
    if (row?.fingerprint) {
      if (row.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
      return { kind: 'replay', status: row.status ?? 200, body: row.body === null ? undefined : JSON.parse(row.body) };
    }
    return row?.got ? { kind: 'claimed' } : { kind: 'busy' };
  }

  /** The record of a request that succeeded, written with the unit's COMMIT; `owner` names this attempt. */
  recordStatement(request: KeyedRequest, owner: string, status: number, body: unknown): string {
    const values = [
      request.id,
      request.userId,
      request.method,
      request.path,
      request.fingerprint,
      'done',
      owner,
      status,
      body === undefined ? null : JSON.stringify(body),
    ].map(sqlLiteral);
    return `INSERT INTO idempotency_keys (id, user_id, method, path, fingerprint, state, owner, status, body, locked_at, created_at)
      VALUES (${values.join(', ')}, now(), now())`;
  }

  /** After a COMMIT whose answer was lost: whether the attempt named `owner` committed (its record is there). */
  async outcome(request: KeyedRequest, owner: string): Promise<'committed' | 'not-committed'> {
    const rows = await this.db.readPrepared.rows(`SELECT 1 FROM idempotency_keys WHERE id = $1 AND owner = $2`, [
      request.id,
      owner,
    ]);
    return rows.length > 0 ? 'committed' : 'not-committed';
  }

  /** Removes records older than `ttlHours`; returns how many. */
  async sweep(ttlHours: number): Promise<number> {
    const swept = await this.db.outsideUnit.one<{ n: number }>(
      `WITH swept AS (DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM swept`,
      [ttlHours],
    );
    return swept!.n;
  }
}
