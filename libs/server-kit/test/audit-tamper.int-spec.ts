jest.setTimeout(120_000);

import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import {
  AUDIT_MIGRATIONS,
  AuditTrail,
  checkpointKey,
  runWithAuditRequest,
  verifyAuditChain,
  writeAuditHead,
  type AuditRequest,
} from '../src/audit';
import { ManualClock } from '../src/clock/clock';
import { migrateDatabase } from '../src/database/run-migrations';
import { createServicePool } from '../src/database/service-pool';
import { sqlOver } from '../src/database/sql';
import { UnitOfWork } from '../src/unit-of-work';

/**
 * What someone with write access to a service's database (its owner, or a superuser who turns the triggers
 * off) may try against the audit trail, and how each attempt is refused or found: values changed through the
 * erasure's redaction path, a redaction no erasure asked for, the newest entries deleted, an entry inserted.
 */
let db: TestDatabase;
let pool: Pool;
let uow: UnitOfWork;
let trail: AuditTrail;
const clock = new ManualClock(new Date('2026-11-25T08:00:00Z'));
const key = checkpointKey('k'.repeat(40));

const mary: AuditRequest = {
  actor: { id: 'u-1', username: 'mary', name: 'Mary Wanjiku', role: 'admin' },
  requestId: 'req-00000001',
  clientIp: '10.0.0.7',
  userAgent: 'Mozilla/5.0',
};

const COLUMNS =
  'seq, at, actor_id, actor_username, actor_name, actor_role, action, entity_type, entity_id, beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, prev_hash, hash';

beforeAll(async () => {
  db = await createTestDatabase('kcf_audit_tamper');
  await migrateDatabase(db.url, AUDIT_MIGRATIONS);
  pool = createServicePool(db.url, { max: 8 });
  uow = new UnitOfWork(pool);
  trail = new AuditTrail(
    'finance',
    uow,
    sqlOver(() => pool),
    clock,
  );
  await runWithAuditRequest(mary, async () => {
    for (let i = 1; i <= 6; i++) {
      await uow.execute(async () => {
        trail.created(
          { id: `inc-${i}`, amount: '100000.00', source: 'Probe Donor' },
          { entityType: 'income', entityId: `inc-${i}` },
        );
      });
    }
  });
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** Plain SQL with the triggers off, as a superuser would. */
async function tamper(sql: string, values: unknown[] = []): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(sql, values);
  } finally {
    await client.query(`SET session_replication_role = origin`);
    client.release();
  }
}

/** `sql` in a transaction that turned the redaction switch on, as the erasure does. */
async function underRedaction(sql: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('kcf.audit_redacting', 'on', true)`);
    await client.query(sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Runs `harm`, verifies with the installation's key, then puts both tables back as they were. */
async function caught(harm: () => Promise<void>) {
  await tamper('CREATE TABLE audit_backup AS SELECT * FROM audit_entries');
  try {
    await harm();
    return await verifyAuditChain(pool, { key });
  } finally {
    await tamper('DELETE FROM audit_entries');
    await tamper(`INSERT INTO audit_entries (${COLUMNS}, form) SELECT ${COLUMNS}, form FROM audit_backup`);
    await tamper('DROP TABLE audit_backup');
  }
}

const forgedIncome = `'[{"field": "amount", "from": null, "to": "1.00"}, {"field": "source", "from": null, "to": "Forged Donor"}]'::jsonb`;
const madeUpRequest = `'{"request": "5f0e9d7c-1111-4aaa-8bbb-0123456789ab", "signature": "${'ab'.repeat(32)}"}'::jsonb`;

describe('the redaction path', () => {
  it('refuses new values other than the erased marker, even with the kept digest', async () => {
    await expect(
      underRedaction(`UPDATE audit_entries e SET salt = NULL, redacted = jsonb_build_object('values', audit_entry_digest(e)) || ${madeUpRequest},
                      changes = ${forgedIncome} WHERE seq = 2`),
    ).rejects.toThrow(/append-only/);
    await expect(
      underRedaction(`UPDATE audit_entries e SET salt = NULL, redacted = jsonb_build_object('values', audit_entry_digest(e)) || ${madeUpRequest},
                      entity_id = 'inc-999' WHERE seq = 2`),
    ).rejects.toThrow(/append-only/);
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true });
  });

  it('refuses a redaction that names no erasure request', async () => {
    await expect(
      underRedaction(`UPDATE audit_entries e SET salt = NULL, redacted = jsonb_build_object('values', audit_entry_digest(e)),
                      changes = audit_erased_changes(e.changes) WHERE seq = 3`),
    ).rejects.toThrow(/append-only/);
  });

  it('finds values forged where the digest was kept, with the triggers off', async () => {
    const verdict = await caught(() =>
      tamper(`UPDATE audit_entries e SET salt = NULL, redacted = jsonb_build_object('values', audit_entry_digest(e)) || ${madeUpRequest},
              changes = ${forgedIncome} WHERE seq = 4`),
    );
    expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: '4' });
  });

  it('finds a redaction no erasure of this installation made (well-formed, but not signed with its key)', async () => {
    const verdict = await caught(() =>
      underRedaction(`UPDATE audit_entries e SET salt = NULL, redacted = jsonb_build_object('values', audit_entry_digest(e)) || ${madeUpRequest},
                      entity_id = 'erased', changes = audit_erased_changes(e.changes) WHERE seq = 5`),
    );
    expect(verdict).toMatchObject({
      ok: false,
      firstBrokenSeq: '5',
      reason: 'It was erased without an erasure of this installation',
    });
  });

  it('finds the entity, the child or the changed fields rewritten after an erasure', async () => {
    const verdict = await caught(async () => {
      await underRedaction(`UPDATE audit_entries e SET salt = NULL, redacted = jsonb_build_object('values', audit_entry_digest(e)) || ${madeUpRequest},
                            changes = audit_erased_changes(e.changes) WHERE seq = 6`);
      await tamper(
        `UPDATE audit_entries SET changes = '[{"field": "remarks", "from": "erased", "to": "erased"}]' WHERE seq = 6`,
      );
    });
    expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: '6' });
  });
});

describe('the newest entries', () => {
  it('deleted are found against the signed head, once it was written', async () => {
    await writeSignedHead();
    const verdict = await caught(() => tamper('DELETE FROM audit_entries WHERE seq >= 5'));
    expect(verdict).toMatchObject({
      ok: false,
      firstBrokenSeq: '5',
      reason: 'Entries 5 to 6 are missing (the signed head is at 6)',
    });
  });

  it('replaced (the last one deleted and another appended in its place) are found against the signed head', async () => {
    const verdict = await caught(async () => {
      await tamper('DELETE FROM audit_entries WHERE seq = 6');
      await runWithAuditRequest(mary, () =>
        uow.execute(async () => trail.created({ id: 'inc-x' }, { entityType: 'income', entityId: 'inc-x' })),
      );
      await runWithAuditRequest(mary, () =>
        uow.execute(async () => trail.created({ id: 'inc-y' }, { entityType: 'income', entityId: 'inc-y' })),
      );
      // The service signing its head again does not sign over the replacement.
      expect(await writeAuditHead(pool, 'finance', key)).toEqual({
        refused: 'entry 6, the signed head, was removed or replaced',
      });
    });
    expect(verdict).toMatchObject({
      ok: false,
      firstBrokenSeq: '6',
      reason: 'It is not the entry the signed head names',
    });
  });

  it('an inserted entry is found where it went in', async () => {
    const verdict = await caught(async () => {
      await tamper('UPDATE audit_entries SET seq = -seq - 1 WHERE seq >= 3');
      await tamper('UPDATE audit_entries SET seq = -seq WHERE seq < 0');
      await tamper(`INSERT INTO audit_entries (${COLUMNS}, form) SELECT 3, at, actor_id, actor_username, actor_name, actor_role, 'delete', entity_type, entity_id,
                     beneficiary_id, changes, details, request_id, client_ip, user_agent, salt, redacted, prev_hash, hash, form FROM audit_entries WHERE seq = 2`);
    });
    expect(verdict).toMatchObject({ ok: false, firstBrokenSeq: '3' });
  });

  it('a head row not signed with the installation key is refused', async () => {
    await tamper(`CREATE TABLE head_backup AS SELECT * FROM audit_heads`);
    try {
      await tamper(`UPDATE audit_heads SET seq = 2, hash = (SELECT hash FROM audit_entries WHERE seq = 2)`);
      expect(await verifyAuditChain(pool, { key })).toMatchObject({
        ok: false,
        reason: 'The signed head is not signed by this installation',
      });
    } finally {
      await tamper(`DELETE FROM audit_heads`);
      await tamper(`INSERT INTO audit_heads SELECT * FROM head_backup`);
      await tamper(`DROP TABLE head_backup`);
    }
  });

  it('and nothing is found when nothing was touched', async () => {
    expect(await verifyAuditChain(pool, { key })).toMatchObject({ ok: true, checked: 6 });
  });
});

async function writeSignedHead(): Promise<void> {
  expect(await writeAuditHead(pool, 'finance', key)).toEqual({ seq: '6' });
}
