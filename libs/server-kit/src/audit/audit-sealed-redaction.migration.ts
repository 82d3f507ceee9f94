import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AUDIT_CHAIN_LOCK } from './audit-table.migration';

/**
 * The second form of an entry's seal, a redaction that can only erase, and the signed head.
 *
 * - Entries sealed from now on carry `form` 2. Their canonical form holds in clear what an erasure never
 *   changes — position, time, the actor's id and role, the action, the kind of record, the names of the changed
 *   fields, the request id — and, as one digest salted per entry, every personal value: the record's id, the
 *   child's id, the changes, the details, the actor's username and name, the client address and user agent.
 *   Entries sealed before keep `form` 1 (their actor, address and user agent are in clear, so an erasure leaves
 *   them as they are).
 * - Under `kcf.audit_redacting` an UPDATE may only do what an erasure does: drop the salt, keep the digest the
 *   entry was sealed with (`redacted.values`), name the erasure request and carry a signature
 *   (`redacted.request`, `redacted.signature`: see redactAuditEntries), replace each changed value with
 *   "erased" keeping the field names, replace the details with `{"erased": true}`, and replace the record's id,
 *   the child's id and (form 2) the actor's username, name, address and user agent with "erased" or leave them.
 *   verifyAuditChain checks the same shape again and the signature with the installation's key, which the
 *   database never holds, so a redaction with the triggers off or without an erasure is found too.
 * - `audit_heads`: the newest position and hash of the chain, signed with the installation's key by the service
 *   (writeAuditHead, every few seconds while entries come). Entries deleted from the end of the chain leave it
 *   shorter than its signed head, and verifyAuditChain says so.
 */
export class AuditSealedRedaction1797320000000 implements MigrationInterface {
  name = 'AuditSealedRedaction1797320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_entries" ADD COLUMN IF NOT EXISTS "form" smallint NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "audit_entries" ALTER COLUMN "form" SET DEFAULT 2`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "audit_heads" (
        "domain" text PRIMARY KEY,
        "seq" bigint NOT NULL,
        "hash" bytea NOT NULL,
        "signature" text NOT NULL,
        "written_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_change_fields(changes jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN changes IS NULL THEN NULL ELSE coalesce(
          (SELECT jsonb_agg(c.value->'field' ORDER BY c.ordinality) FROM jsonb_array_elements(changes) WITH ORDINALITY c), '[]'::jsonb) END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_erased_changes(changes jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN changes IS NULL THEN NULL ELSE coalesce(
          (SELECT jsonb_agg(jsonb_build_object('field', c.value->'field', 'from', 'erased', 'to', 'erased') ORDER BY c.ordinality)
           FROM jsonb_array_elements(changes) WITH ORDINALITY c), '[]'::jsonb) END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_kept_or_erased(old_value text, new_value text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT new_value IS NOT DISTINCT FROM old_value OR new_value = 'erased'
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_entry_digest(e audit_entries) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT CASE
          WHEN e.salt IS NULL THEN e.redacted->>'values'
          WHEN e.form = 1 THEN encode(sha256(e.salt || convert_to(
            jsonb_build_array(e.entity_id, e.beneficiary_id, e.changes, e.details)::text, 'UTF8')), 'hex')
          ELSE encode(sha256(e.salt || convert_to(jsonb_build_array(e.entity_id, e.beneficiary_id, e.changes, e.details,
            e.actor_username, e.actor_name, e.client_ip, e.user_agent)::text, 'UTF8')), 'hex') END
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
        NEW.form := 2;
        NEW.salt := uuid_send(gen_random_uuid());
        NEW.redacted := NULL;
        NEW.prev_hash := coalesce(last_hash, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
        -- The canonical form of form 2, as verifyAuditChain rebuilds it.
        NEW.hash := sha256(NEW.prev_hash || convert_to(jsonb_build_array(
          NEW.seq, to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 2,
          NEW.actor_id, NEW.actor_role, NEW.action, NEW.entity_type, audit_change_fields(NEW.changes),
          encode(sha256(NEW.salt || convert_to(jsonb_build_array(NEW.entity_id, NEW.beneficiary_id, NEW.changes, NEW.details,
            NEW.actor_username, NEW.actor_name, NEW.client_ip, NEW.user_agent)::text, 'UTF8')), 'hex'),
          NEW.request_id
        )::text, 'UTF8'));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'audit_entries' THEN
          IF TG_OP = 'DELETE' AND current_setting('kcf.audit_expiring', true) = 'on' THEN
            IF OLD.seq <= (SELECT max(c.seq) FROM audit_checkpoints c) THEN
              RETURN OLD;
            END IF;
            RAISE EXCEPTION 'The audit trail is append-only: entry % is not covered by a retention checkpoint', OLD.seq USING ERRCODE = '42501';
          END IF;
          IF TG_OP = 'UPDATE' AND current_setting('kcf.audit_redacting', true) = 'on' THEN
            IF OLD.salt IS NOT NULL AND NEW.salt IS NULL AND NEW.redacted->>'values' = audit_entry_digest(OLD)
              AND coalesce(NEW.redacted->>'request', '') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              AND coalesce(NEW.redacted->>'signature', '') ~ '^[0-9a-f]{64}$'
              AND (SELECT count(*) FROM jsonb_object_keys(NEW.redacted)) = 3
              AND (NEW.seq, NEW.at, NEW.action, NEW.entity_type, NEW.prev_hash, NEW.hash, NEW.form) = (OLD.seq, OLD.at, OLD.action, OLD.entity_type, OLD.prev_hash, OLD.hash, OLD.form)
              AND (NEW.actor_id, NEW.actor_role, NEW.request_id) IS NOT DISTINCT FROM (OLD.actor_id, OLD.actor_role, OLD.request_id)
              AND audit_kept_or_erased(OLD.entity_id, NEW.entity_id) AND audit_kept_or_erased(OLD.beneficiary_id, NEW.beneficiary_id)
              AND NEW.changes IS NOT DISTINCT FROM audit_erased_changes(OLD.changes)
              AND NEW.details IS NOT DISTINCT FROM (CASE WHEN OLD.details IS NULL THEN NULL ELSE '{"erased": true}'::jsonb END)
              AND (CASE WHEN OLD.form = 1
                THEN (NEW.actor_username, NEW.actor_name, NEW.client_ip, NEW.user_agent) IS NOT DISTINCT FROM (OLD.actor_username, OLD.actor_name, OLD.client_ip, OLD.user_agent)
                ELSE audit_kept_or_erased(OLD.actor_username, NEW.actor_username) AND audit_kept_or_erased(OLD.actor_name, NEW.actor_name)
                  AND audit_kept_or_erased(OLD.client_ip, NEW.client_ip) AND audit_kept_or_erased(OLD.user_agent, NEW.user_agent) END) THEN
              RETURN NEW;
            END IF;
          END IF;
        END IF;
        RAISE EXCEPTION 'The audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
      END $$`);
  }

  async down(): Promise<void> {
    // Entries sealed in form 2 cannot be verified by the first form's functions: there is no way back.
    throw new Error('AuditSealedRedaction cannot be reverted');
  }
}
