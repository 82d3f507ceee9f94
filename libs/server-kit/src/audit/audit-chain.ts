import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What runs the chain's statements: a pg Pool or Client. */
export interface ChainReader {
  query<R>(config: { text: string; values?: unknown[] }): Promise<{ rows: R[] }>;
}

export interface ChainVerdict {
  ok: boolean;
  /** Entries recomputed. */
  checked: number;
  /** Position of the first entry that does not fit (altered, inserted, or right after removed ones). */
  firstBrokenSeq: string | null;
  reason: string | null;
  /**
   * The last entry checked and its hash. Removing the newest entries leaves a shorter chain that still holds:
   * keep the head a verification printed somewhere else, and a later head must extend it.
   */
  head: { seq: string; hash: string };
}

const ZERO_HASH: Buffer = Buffer.alloc(32);
const BATCH = 20_000;

interface ChainRow {
  seq: string;
  prev_hash: Buffer;
  hash: Buffer;
  at: string;
  actor_id: string | null;
  actor_username: string | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  beneficiary_id: string | null;
  changes: string | null;
  details: string | null;
  request_id: string | null;
  client_ip: string | null;
  user_agent: string | null;
  salt: Buffer | null;
  redacted: string | null;
}

/** The raw columns (jsonb as PostgreSQL's own text of it), so the canonical form is rebuilt here, not trusted from a function. */
const CHAIN_COLUMNS = `seq::text AS seq, prev_hash, hash, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
  actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id,
  changes::text AS changes, details::text AS details, request_id, client_ip, user_agent, salt, redacted::text AS redacted`;

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * The digest of an entry's personal values: computed from the values while the entry has its salt (SHA-256
 * of the salt and the JSON text of [record id, child id, changes, details]), else the one kept when it was
 * erased (`audit_entry_digest`).
 */
function digestOf(row: ChainRow): string | null {
  if (row.salt === null) return row.redacted ? ((JSON.parse(row.redacted) as { values?: string }).values ?? null) : null;
  const values = `[${text(row.entity_id)}, ${text(row.beneficiary_id)}, ${row.changes ?? 'null'}, ${row.details ?? 'null'}]`;
  return createHash('sha256').update(row.salt).update(values, 'utf8').digest('hex');
}

/**
 * The entry's canonical form exactly as the sealing trigger writes it (the text of a jsonb array: elements
 * joined by ", ", strings escaped as JSON), the personal values as their digest. The verifier builds it itself,
 * so replacing the database's functions cannot hide an edit.
 */
export function canonicalOf(row: ChainRow): string {
  return `[${row.seq}, ${[
    text(row.at),
    text(row.actor_id),
    text(row.actor_username),
    text(row.actor_name),
    text(row.actor_role),
    text(row.action),
    text(row.entity_type),
    text(digestOf(row)),
    text(row.request_id),
    text(row.client_ip),
    text(row.user_agent),
  ].join(', ')}]`;
}

/** The key a checkpoint is signed with: derived from the services' shared secret, never stored. */
export function checkpointKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('kcf-audit-checkpoint').digest();
}

export function signCheckpoint(key: Buffer, seq: string, hash: Buffer): string {
  return createHmac('sha256', key).update(`${seq}:${hash.toString('hex')}`).digest('hex');
}

/**
 * Recomputes a service's chain from its last checkpoint (or the start): every entry must follow the one
 * before it (seq + 1), carry its hash as prev_hash, and hash to SHA-256(prev_hash || canonical form). An
 * edited entry fails its own hash; a removed one leaves a gap (or a prev_hash that does not match); one
 * inserted with plain SQL fails the link or the hash. `upTo` stops early (the retention job checks only
 * what it removes). The checkpoint's signature is checked when a key is given.
 */
export async function verifyAuditChain(db: ChainReader, options: { key?: Buffer; upTo?: string } = {}): Promise<ChainVerdict> {
  const { rows: checkpoints } = await db.query<{ seq: string; hash: Buffer; signature: string }>({
    text: 'SELECT seq::text AS seq, hash, signature FROM audit_checkpoints c ORDER BY c.seq DESC LIMIT 1',
  });
  let seq = 0n;
  let hash: Buffer = ZERO_HASH;
  const checkpoint = checkpoints[0];
  if (checkpoint) {
    if (options.key) {
      const expected = Buffer.from(signCheckpoint(options.key, checkpoint.seq, checkpoint.hash));
      const given = Buffer.from(checkpoint.signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, checked: 0, firstBrokenSeq: checkpoint.seq, reason: 'The retention checkpoint is not signed by this installation', head: headOf(0n, ZERO_HASH) };
      }
    }
    seq = BigInt(checkpoint.seq);
    hash = checkpoint.hash;
  }
  let checked = 0;
  const batch = (after: bigint) =>
    db.query<ChainRow>({
      text: `SELECT ${CHAIN_COLUMNS}
             FROM audit_entries e WHERE seq > $1 AND ($3::bigint IS NULL OR seq <= $3) ORDER BY e.seq LIMIT $2`,
      values: [after.toString(), BATCH, options.upTo ?? null],
    });
  let next = batch(seq);
  for (;;) {
    const { rows } = await next;
    // The next batch is read while this one is hashed.
    if (rows.length === BATCH) next = batch(BigInt(rows[rows.length - 1].seq));
    for (const row of rows) {
      const at = BigInt(row.seq);
      if (at !== seq + 1n) return settle(next, rows, { ok: false, checked, firstBrokenSeq: row.seq, reason: `Entries ${seq + 1n} to ${at - 1n} are missing`, head: headOf(seq, hash) });
      if (!row.prev_hash.equals(hash)) return settle(next, rows, { ok: false, checked, firstBrokenSeq: row.seq, reason: 'It does not follow the entry before it', head: headOf(seq, hash) });
      const computed = createHash('sha256').update(row.prev_hash).update(canonicalOf(row), 'utf8').digest();
      if (!computed.equals(row.hash)) return settle(next, rows, { ok: false, checked, firstBrokenSeq: row.seq, reason: 'Its content does not match its hash', head: headOf(seq, hash) });
      seq = at;
      hash = row.hash;
      checked++;
    }
    if (rows.length < BATCH) return { ok: true, checked, firstBrokenSeq: null, reason: null, head: headOf(seq, hash) };
  }
}

/** Waits for a batch read ahead (if one is) before answering, so its connection is free again. */
async function settle(next: Promise<unknown>, rows: unknown[], verdict: ChainVerdict): Promise<ChainVerdict> {
  if (rows.length === BATCH) await next.catch(() => undefined);
  return verdict;
}

function headOf(seq: bigint, hash: Buffer): { seq: string; hash: string } {
  return { seq: seq.toString(), hash: hash.toString('hex') };
}
