import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's audit trail (see AuditTrail): `audit_entries`, append-only and hash-chained, and
 * `audit_checkpoints`, where the retention job leaves the position and hash of the last entry it removed.
 *
 * - Each entry gets its place in the chain from the BEFORE INSERT trigger, under a transaction-wide lock
 *   (AUDIT_CHAIN_LOCK): `seq` (1, 2, 3, ... with no gap), `prev_hash` (the previous entry's hash, or the last
 *   checkpoint's, or 32 zero bytes), a random `salt`, and `hash` = SHA-256(prev_hash || the entry's canonical form).
 * - The canonical form holds the facts (when, who, what, which kind of record) as they are, and the personal
 *   values (the record's id, the child's id, the changes, the details) as one digest salted per entry
 *   (`audit_entry_digest`); verifyAuditChain rebuilds it the same way. Erasing a child (`redactAuditEntries`) replaces those values with "erased", keeps
 *   their digest in `redacted` and drops the salt: the chain still verifies, the values are gone, and an
 *   erased entry says so.
 * - UPDATE, DELETE and TRUNCATE are refused by triggers, for every role. The exceptions: the retention job's
 *   DELETE, in a transaction that set `kcf.audit_expiring` (it writes a checkpoint first; only entries the newest
 *   checkpoint covers, since AuditExpiryBehindCheckpoint), and a redaction,
 *   in one that set `kcf.audit_redacting`, which may change nothing but the personal values, once.
 * Every service lists it (server-kit's serviceModules).
 */
export class CreateAuditTrail1797300000000 implements MigrationInterface {
  name = 'CreateAuditTrail1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "audit_entries" (
        "seq" bigint PRIMARY KEY,
        "at" timestamptz NOT NULL,
        "actor_id" text NULL,
        "actor_username" text NULL,
        "actor_name" text NULL,
        "actor_role" text NULL,
        "action" text NOT NULL,
        "entity_type" text NOT NULL,
        "entity_id" text NULL,
        "beneficiary_id" text NULL,
        "changes" jsonb NULL,
        "details" jsonb NULL,
        "request_id" text NULL,
        "client_ip" text NULL,
        "user_agent" text NULL,
        "salt" bytea NULL,
        "redacted" jsonb NULL,
        "prev_hash" bytea NOT NULL,
        "hash" bytea NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "audit_entries_at_idx" ON "audit_entries" ("at", "seq")`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "audit_entries_beneficiary_idx" ON "audit_entries" ("beneficiary_id", "at", "seq") WHERE "beneficiary_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "audit_entries_actor_idx" ON "audit_entries" ("actor_id", "at", "seq")`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "audit_checkpoints" (
        "seq" bigint PRIMARY KEY,
        "hash" bytea NOT NULL,
        "removed_before" timestamptz NOT NULL,
        "made_at" timestamptz NOT NULL DEFAULT now(),
        "signature" text NOT NULL
      )`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_entry_digest(e audit_entries) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT CASE WHEN e.salt IS NULL THEN e.redacted->>'values' ELSE encode(sha256(e.salt || convert_to(
          jsonb_build_array(e.entity_id, e.beneficiary_id, e.changes, e.details)::text, 'UTF8')), 'hex') END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_entries_seal() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        last_seq bigint;
        last_hash bytea;
      BEGIN
        PERFORM pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK});
        SELECT seq, hash INTO last_seq, last_hash FROM audit_entries ORDER BY seq DESC LIMIT 1;
        IF last_seq IS NULL THEN
          SELECT seq, hash INTO last_seq, last_hash FROM audit_checkpoints ORDER BY seq DESC LIMIT 1;
        END IF;
        NEW.seq := coalesce(last_seq, 0) + 1;
        NEW.salt := uuid_send(gen_random_uuid());
        NEW.redacted := NULL;
        NEW.prev_hash := coalesce(last_hash, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
        -- The canonical form (as verifyAuditChain rebuilds it), in one expression: the facts as they are, the
        -- personal values as one digest salted with this entry's salt (what audit_entry_digest computes).
        NEW.hash := sha256(NEW.prev_hash || convert_to(jsonb_build_array(
          NEW.seq, to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          NEW.actor_id, NEW.actor_username, NEW.actor_name, NEW.actor_role, NEW.action, NEW.entity_type,
          encode(sha256(NEW.salt || convert_to(jsonb_build_array(NEW.entity_id, NEW.beneficiary_id, NEW.changes, NEW.details)::text, 'UTF8')), 'hex'),
          NEW.request_id, NEW.client_ip, NEW.user_agent
        )::text, 'UTF8'));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'audit_entries' THEN
          IF TG_OP = 'DELETE' AND current_setting('kcf.audit_expiring', true) = 'on' THEN
            RETURN OLD;
          END IF;
          IF TG_OP = 'UPDATE' AND current_setting('kcf.audit_redacting', true) = 'on' THEN
            IF OLD.salt IS NOT NULL AND NEW.salt IS NULL AND NEW.redacted->>'values' = audit_entry_digest(OLD)
              AND (NEW.seq, NEW.at, NEW.action, NEW.entity_type, NEW.prev_hash, NEW.hash) = (OLD.seq, OLD.at, OLD.action, OLD.entity_type, OLD.prev_hash, OLD.hash)
              AND (NEW.actor_id, NEW.actor_username, NEW.actor_name, NEW.actor_role) IS NOT DISTINCT FROM (OLD.actor_id, OLD.actor_username, OLD.actor_name, OLD.actor_role)
              AND (NEW.request_id, NEW.client_ip, NEW.user_agent) IS NOT DISTINCT FROM (OLD.request_id, OLD.client_ip, OLD.user_agent) THEN
              RETURN NEW;
            END IF;
          END IF;
        END IF;
        RAISE EXCEPTION 'The audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
      END $$`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS "audit_entries_seal" ON "audit_entries"`);
    await queryRunner.query(
      `CREATE TRIGGER "audit_entries_seal" BEFORE INSERT ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION audit_entries_seal()`,
    );
    for (const table of ['audit_entries', 'audit_checkpoints']) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_append_only" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_append_only" BEFORE UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION audit_refuse_change()`,
      );
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_no_truncate" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_no_truncate" BEFORE TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION IF EXISTS audit_entry_digest(audit_entries)`);
    await queryRunner.query(`DROP TABLE IF EXISTS "audit_entries", "audit_checkpoints"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS audit_entries_seal(), audit_refuse_change()`);
  }
}

/** The advisory lock (per database) that puts audit entries into their chain one at a time. */
export const AUDIT_CHAIN_LOCK = 7_200_114;
