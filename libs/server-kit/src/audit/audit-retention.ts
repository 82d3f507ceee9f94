import type { Database } from '../unit-of-work/database';
import { AUDIT_CHAIN_LOCK } from './audit-table.migration';
import { chainReaderOf, signCheckpoint, verifyAuditChain } from './audit-chain';

export interface RetentionResult {
  removed: number;
  /** The checkpoint left: the last removed entry's position and hash. */
  checkpoint: { seq: string; hash: string } | null;
}

/**
 * Removes the entries older than `before`, oldest first, keeping the chain verifiable: in one transaction
 * (holding the chain's lock, so no entry is added meanwhile) it checks the part it removes, writes a signed
 * checkpoint with the position and hash of the last entry removed, then deletes up to it. The chain then
 * starts from the checkpoint. A broken part is never removed (the job fails and says where).
 */
export async function expireAuditEntries(db: Database, before: Date, key: Buffer): Promise<RetentionResult> {
  return db.ownTransaction(async (sql) => {
    await sql.exec('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK]);
    const rows = await sql.rows<{ seq: string; hash: Buffer }>(
      `SELECT seq::text AS seq, hash FROM audit_entries e
       WHERE seq < coalesce((SELECT min(seq) FROM audit_entries WHERE at >= $1), 9223372036854775807)
       ORDER BY e.seq DESC LIMIT 1`,
      [before.toISOString()],
    );
    const last = rows[0];
    if (!last) return { removed: 0, checkpoint: null };
    const verdict = await verifyAuditChain(chainReaderOf(sql), { key, upTo: last.seq });
    if (!verdict.ok)
      throw new Error(
        `The audit chain is broken at entry ${verdict.firstBrokenSeq} (${verdict.reason}); nothing was removed`,
      );
    await sql.exec(`SELECT set_config('kcf.audit_expiring', 'on', true)`);
    await sql.exec('INSERT INTO audit_checkpoints (seq, hash, removed_before, signature) VALUES ($1, $2, $3, $4)', [
      last.seq,
      last.hash,
      before.toISOString(),
      signCheckpoint(key, last.seq, last.hash),
    ]);
    const removed = await sql.exec('DELETE FROM audit_entries WHERE seq <= $1', [last.seq]);
    return { removed, checkpoint: { seq: last.seq, hash: last.hash.toString('hex') } };
  });
}
