import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../database/sql';

/** What runs the chain's statements: a pg Pool or Client (a script, a test), or an Sql of Database (chainReaderOf). */
export interface ChainReader {
  query<R>(config: { text: string; values?: unknown[] }): Promise<{ rows: R[] }>;
}

/** The chain's statements on an Sql (`db.read`, a transaction's own). */
export function chainReaderOf(sql: Sql): ChainReader {
  return {
    query: async <R>(config: { text: string; values?: unknown[] }) => ({
      rows: (await sql.rows(config.text, config.values)) as R[],
    }),
  };
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
  form: number;
}

/** What an erasure writes into `redacted`: the digest the entry was sealed with, the erasure request, its signature. */
interface Redaction {
  values?: string;
  request?: string;
  signature?: string;
}

/** The marker an erasure writes in place of a personal value. */
export const ERASED = 'erased';

/** The raw columns (jsonb as PostgreSQL's own text of it), so the canonical form is rebuilt here, not trusted from a function. */
const CHAIN_COLUMNS = `seq::text AS seq, prev_hash, hash, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
  actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id,
  changes::text AS changes, details::text AS details, request_id, client_ip, user_agent, salt, redacted::text AS redacted, form`;

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * The JSON text of an entry's personal values, as PostgreSQL's jsonb writes the array the seal digests: form 1
 * [record id, child id, changes, details]; form 2 adds the actor's username and name, the client address and
 * the user agent.
 */
function personalValuesOf(row: ChainRow, form: number): string {
  const values = [text(row.entity_id), text(row.beneficiary_id), row.changes ?? 'null', row.details ?? 'null'];
  if (form >= 2) values.push(text(row.actor_username), text(row.actor_name), text(row.client_ip), text(row.user_agent));
  return `[${values.join(', ')}]`;
}

function redactionOf(row: ChainRow): Redaction | null {
  return row.redacted ? (JSON.parse(row.redacted) as Redaction) : null;
}

/**
 * The digest of an entry's personal values: computed from the values while the entry has its salt (SHA-256
 * of the salt and personalValuesOf), else the one kept when it was erased (`audit_entry_digest`).
 */
function digestOf(row: ChainRow): string | null {
  if (row.salt === null) return redactionOf(row)?.values ?? null;
  return createHash('sha256').update(row.salt).update(personalValuesOf(row, row.form), 'utf8').digest('hex');
}

/** The names of the changed fields, as the seal of form 2 holds them in clear (`audit_change_fields`). */
function changeFieldsOf(row: ChainRow): string {
  if (row.changes === null) return 'null';
  const changes = JSON.parse(row.changes) as { field?: unknown }[];
  return `[${changes.map((c) => (c.field === undefined || c.field === null ? 'null' : JSON.stringify(c.field))).join(', ')}]`;
}

/**
 * The entry's canonical form exactly as the sealing trigger writes it (the text of a jsonb array: elements
 * joined by ", ", strings escaped as JSON), the personal values as their digest. The verifier builds it itself,
 * so replacing the database's functions cannot hide an edit.
 */
export function canonicalOf(row: ChainRow): string {
  if (row.form === 1) {
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
  return `[${row.seq}, ${[
    text(row.at),
    String(row.form),
    text(row.actor_id),
    text(row.actor_role),
    text(row.action),
    text(row.entity_type),
    changeFieldsOf(row),
    text(digestOf(row)),
    text(row.request_id),
  ].join(', ')}]`;
}

/**
 * What an erasure signs for one entry: its position and hash, the erasure request, and every personal value as
 * the erasure left it. Signed with the installation's key, which the database never holds, so values changed
 * after an erasure, or an erasure done by hand, do not carry a valid signature.
 */
export function signRedaction(
  key: Buffer,
  row: { seq: string; hash: Buffer },
  request: string,
  values: string,
): string {
  return createHmac('sha256', key)
    .update(`redaction:${row.seq}:${row.hash.toString('hex')}:${request}:${values}`)
    .digest('hex');
}

/** The personal values of an entry as verifyAuditChain and redactAuditEntries both write them for a signature. */
export function redactedValuesOf(
  row: Pick<
    ChainRow,
    | 'entity_id'
    | 'beneficiary_id'
    | 'changes'
    | 'details'
    | 'actor_username'
    | 'actor_name'
    | 'client_ip'
    | 'user_agent'
  >,
): string {
  return personalValuesOf(row as ChainRow, 2);
}

/** Why an erased entry does not hold, or null: only "erased" in its values, and the installation's signature. */
function redactionFault(row: ChainRow, key: Buffer | undefined): string | null {
  const changes = row.changes === null ? [] : (JSON.parse(row.changes) as Record<string, unknown>[]);
  const onlyErased = changes.every(
    (c) => Object.keys(c).length === 3 && 'field' in c && c.from === ERASED && c.to === ERASED,
  );
  if (!onlyErased || (row.details !== null && row.details !== '{"erased": true}'))
    return 'It holds values an erasure does not write';
  if (!key) return null;
  const redaction = redactionOf(row);
  const expected = signRedaction(key, row, redaction?.request ?? '', redactedValuesOf(row));
  return redaction?.signature !== undefined && sameText(expected, redaction.signature)
    ? null
    : 'It was erased without an erasure of this installation';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The key a checkpoint is signed with: derived from the services' shared secret, never stored. */
export function checkpointKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('kcf-audit-checkpoint').digest();
}

export function signCheckpoint(key: Buffer, seq: string, hash: Buffer): string {
  return createHmac('sha256', key)
    .update(`${seq}:${hash.toString('hex')}`)
    .digest('hex');
}

/** The head of the chain a service signed (audit_heads): its newest position and hash at that moment. */
export function signHead(key: Buffer, domain: string, seq: string, hash: Buffer): string {
  return createHmac('sha256', key)
    .update(`head:${domain}:${seq}:${hash.toString('hex')}`)
    .digest('hex');
}

interface HeadRow {
  domain: string;
  seq: string;
  hash: Buffer;
  signature: string;
}

/**
 * Recomputes a service's chain from its last checkpoint (or the start): every entry must follow the one
 * before it (seq + 1), carry its hash as prev_hash, and hash to SHA-256(prev_hash || canonical form). An
 * edited entry fails its own hash; a removed one leaves a gap (or a prev_hash that does not match); one
 * inserted with plain SQL fails the link or the hash. An erased entry must hold only what an erasure writes
 * and, when a key is given, the erasure's signature. With a key, the chain must also reach the head the service
 * signed (audit_heads) with the same entry there: removing the newest entries, or replacing them, is found.
 * `upTo` stops early (the retention job checks only what it removes). The checkpoint's signature is checked
 * when a key is given.
 */
export async function verifyAuditChain(
  db: ChainReader,
  options: { key?: Buffer; upTo?: string } = {},
): Promise<ChainVerdict> {
  const { rows: checkpoints } = await db.query<{ seq: string; hash: Buffer; signature: string }>({
    text: 'SELECT seq::text AS seq, hash, signature FROM audit_checkpoints c ORDER BY c.seq DESC LIMIT 1',
  });
  let seq = 0n;
  let hash: Buffer = ZERO_HASH;
  const checkpoint = checkpoints[0];
  if (checkpoint) {
    if (options.key && !sameText(signCheckpoint(options.key, checkpoint.seq, checkpoint.hash), checkpoint.signature)) {
      return {
        ok: false,
        checked: 0,
        firstBrokenSeq: checkpoint.seq,
        reason: 'The retention checkpoint is not signed by this installation',
        head: headOf(0n, ZERO_HASH),
      };
    }
    seq = BigInt(checkpoint.seq);
    hash = checkpoint.hash;
  }
  const heads = options.key && options.upTo === undefined ? await signedHeads(db) : [];
  for (const head of heads) {
    if (!sameText(signHead(options.key as Buffer, head.domain, head.seq, head.hash), head.signature)) {
      return {
        ok: false,
        checked: 0,
        firstBrokenSeq: head.seq,
        reason: 'The signed head is not signed by this installation',
        head: headOf(seq, hash),
      };
    }
  }
  const start = seq;
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
      const broken = (reason: string) =>
        settle(next, rows, { ok: false, checked, firstBrokenSeq: row.seq, reason, head: headOf(seq, hash) });
      const at = BigInt(row.seq);
      if (at !== seq + 1n)
        return settle(next, rows, {
          ok: false,
          checked,
          firstBrokenSeq: row.seq,
          reason: `Entries ${seq + 1n} to ${at - 1n} are missing`,
          head: headOf(seq, hash),
        });
      if (!row.prev_hash.equals(hash)) return broken('It does not follow the entry before it');
      const computed = createHash('sha256').update(row.prev_hash).update(canonicalOf(row), 'utf8').digest();
      if (!computed.equals(row.hash)) return broken('Its content does not match its hash');
      const fault = row.salt === null ? redactionFault(row, options.key) : null;
      if (fault) return broken(fault);
      if (heads.some((h) => h.seq === row.seq && !h.hash.equals(row.hash)))
        return broken('It is not the entry the signed head names');
      seq = at;
      hash = row.hash;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  for (const head of heads) {
    const headSeq = BigInt(head.seq);
    if (headSeq > seq) {
      return {
        ok: false,
        checked,
        firstBrokenSeq: (seq + 1n).toString(),
        reason: `Entries ${seq + 1n} to ${headSeq} are missing (the signed head is at ${headSeq})`,
        head: headOf(seq, hash),
      };
    }
    if (headSeq === start && start > 0n && !head.hash.equals(checkpoint?.hash ?? ZERO_HASH)) {
      return {
        ok: false,
        checked,
        firstBrokenSeq: head.seq,
        reason: 'It is not the entry the signed head names',
        head: headOf(seq, hash),
      };
    }
  }
  return { ok: true, checked, firstBrokenSeq: null, reason: null, head: headOf(seq, hash) };
}

async function signedHeads(db: ChainReader): Promise<HeadRow[]> {
  const { rows } = await db.query<HeadRow>({
    text: 'SELECT domain, seq::text AS seq, hash, signature FROM audit_heads h ORDER BY h.domain',
  });
  return rows;
}

/** What writeAuditHead did: the position it signed, nothing (the head had not moved), or why it refused. */
export type HeadWritten = { seq: string } | { refused: string } | null;

/**
 * Signs the chain's newest position and hash and keeps them in `audit_heads`, never moving back (a replica that
 * read an older head leaves the newer one). It first checks that the entry the kept head names is still there
 * with the same hash (or was removed by retention behind a checkpoint): newest entries deleted and replaced by
 * new ones would otherwise be signed over. Then it refuses, and the kept head stays for verifyAuditChain to report.
 */
export async function writeAuditHead(db: ChainReader, domain: string, key: Buffer): Promise<HeadWritten> {
  const { rows } = await db.query<{ seq: string; hash: Buffer }>({
    text: 'SELECT seq::text AS seq, hash FROM audit_entries e ORDER BY e.seq DESC LIMIT 1',
  });
  const last = rows[0];
  if (!last) return null;
  const { rows: kept } = await db.query<{ seq: string; hash: Buffer; now: Buffer | null; checkpoint: string | null }>({
    text: `SELECT h.seq::text AS seq, h.hash, (SELECT e.hash FROM audit_entries e WHERE e.seq = h.seq) AS now,
                  (SELECT max(c.seq)::text FROM audit_checkpoints c) AS checkpoint
           FROM audit_heads h WHERE h.domain = $1`,
    values: [domain],
  });
  const head = kept[0];
  if (head) {
    if (head.seq === last.seq && head.hash.equals(last.hash)) return null;
    const behindCheckpoint = head.checkpoint !== null && BigInt(head.seq) <= BigInt(head.checkpoint);
    if (!behindCheckpoint && (head.now === null || !head.now.equals(head.hash))) {
      return { refused: `entry ${head.seq}, the signed head, was removed or replaced` };
    }
  }
  const { rows: written } = await db.query<{ seq: string }>({
    text: `INSERT INTO audit_heads (domain, seq, hash, signature, written_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (domain) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, signature = EXCLUDED.signature, written_at = EXCLUDED.written_at
           WHERE audit_heads.seq < EXCLUDED.seq
           RETURNING seq::text AS seq`,
    values: [domain, last.seq, last.hash, signHead(key, domain, last.seq, last.hash)],
  });
  return written[0] ?? null;
}

/** Waits for a batch read ahead (if one is) before answering, so its connection is free again. */
async function settle(next: Promise<unknown>, rows: unknown[], verdict: ChainVerdict): Promise<ChainVerdict> {
  if (rows.length === BATCH) await next.catch(() => undefined);
  return verdict;
}

function headOf(seq: bigint, hash: Buffer): { seq: string; hash: string } {
  return { seq: seq.toString(), hash: hash.toString('hex') };
}
