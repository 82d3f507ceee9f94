import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The redaction's rule (unchanged): a salted entry may lose its personal values once, and nothing else. */
const REDACTION_RULE = `
          IF TG_OP = 'UPDATE' AND current_setting('kcf.audit_redacting', true) = 'on' THEN
            IF OLD.salt IS NOT NULL AND NEW.salt IS NULL AND NEW.redacted->>'values' = audit_entry_digest(OLD)
              AND (NEW.seq, NEW.at, NEW.action, NEW.entity_type, NEW.prev_hash, NEW.hash) = (OLD.seq, OLD.at, OLD.action, OLD.entity_type, OLD.prev_hash, OLD.hash)
              AND (NEW.actor_id, NEW.actor_username, NEW.actor_name, NEW.actor_role) IS NOT DISTINCT FROM (OLD.actor_id, OLD.actor_username, OLD.actor_name, OLD.actor_role)
              AND (NEW.request_id, NEW.client_ip, NEW.user_agent) IS NOT DISTINCT FROM (OLD.request_id, OLD.client_ip, OLD.user_agent) THEN
              RETURN NEW;
            END IF;
          END IF;`;

function refuseChange(expiry: string): string {
  return `
      CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'audit_entries' THEN${expiry}${REDACTION_RULE}
        END IF;
        RAISE EXCEPTION 'The audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
      END $$`;
}

/**
 * The retention switch (`kcf.audit_expiring`) deletes only entries a checkpoint already covers: an entry whose
 * `seq` is at most the newest checkpoint's. The retention job writes its signed checkpoint first, then deletes up
 * to it; a session that sets the switch to delete recent entries would need a checkpoint past them, and a
 * checkpoint's signature needs a key the database does not hold (verifyAuditChain refuses an unsigned one).
 * Replaces CreateAuditTrail's `audit_refuse_change` (under which the switch allowed any DELETE).
 */
export class AuditExpiryBehindCheckpoint1797310000000 implements MigrationInterface {
  name = 'AuditExpiryBehindCheckpoint1797310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      refuseChange(`
          IF TG_OP = 'DELETE' AND current_setting('kcf.audit_expiring', true) = 'on' THEN
            IF OLD.seq <= (SELECT max(c.seq) FROM audit_checkpoints c) THEN
              RETURN OLD;
            END IF;
            RAISE EXCEPTION 'The audit trail is append-only: entry % is not covered by a retention checkpoint', OLD.seq USING ERRCODE = '42501';
          END IF;`),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      refuseChange(`
          IF TG_OP = 'DELETE' AND current_setting('kcf.audit_expiring', true) = 'on' THEN
            RETURN OLD;
          END IF;`),
    );
  }
}
