import { Injectable } from '@nestjs/common';
import type { ConsentBody, ConsentPurpose } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import { CONSENT_COLUMNS, type ConsentRow } from './consent-row';

/** A child whose photos' grace period after a withdrawal of photo consent has ended (its own photo, or gift photos, or both). */
export interface ExpiredPhotoRow {
  id: string;
  photo_key: string | null;
  photo_thumbnail_key: string | null;
  photo_content_type: string | null;
}

/** A gift photo removed after its child's photo consent grace period: its keys as they were. */
export interface ClearedGiftPhotoRow {
  id: string;
  photo_key: string;
  photo_card_key: string | null;
}

/** consent_history (only ever inserted into) and the child's `photos_withdrawn_at`. */
@Injectable()
export class ConsentsRepository {
  constructor(private readonly db: Database) {}

  /** The newest change of each purpose the child has one for. */
  currentOf(beneficiaryId: string): Promise<ConsentRow[]> {
    return this.db.read.rows<ConsentRow>(
      `SELECT DISTINCT ON (purpose) ${CONSENT_COLUMNS} FROM consent_history WHERE beneficiary_id = $1 ORDER BY purpose, seq DESC`,
      [beneficiaryId],
    );
  }

  /** The purposes whose newest change is a withdrawal (a withdrawal never expires). */
  async withdrawnOf(beneficiaryId: string): Promise<ConsentPurpose[]> {
    const rows = await this.db.read.rows<{ purpose: ConsentPurpose }>(
      `SELECT purpose FROM (SELECT DISTINCT ON (purpose) purpose, state FROM consent_history WHERE beneficiary_id = $1 ORDER BY purpose, seq DESC) c
        WHERE state = 'withdrawn'`,
      [beneficiaryId],
    );
    return rows.map((r) => r.purpose);
  }

  /** The last day the child's Photos (internal) grant counts (see setConsentUntil); undefined when there is no such child. */
  async photosUntilOf(beneficiaryId: string): Promise<string | null | undefined> {
    const row = await this.db.read.one<{ until: string | null }>(
      `SELECT photos_consent_until::text AS until FROM beneficiaries WHERE id = $1`,
      [beneficiaryId],
    );
    return row ? row.until : undefined;
  }

  /** Every change of the child's consents, newest first. */
  historyOf(beneficiaryId: string): Promise<ConsentRow[]> {
    return this.db.read.rows<ConsentRow>(
      `SELECT ${CONSENT_COLUMNS} FROM consent_history WHERE beneficiary_id = $1 ORDER BY seq DESC`,
      [beneficiaryId],
    );
  }

  async insert(change: {
    beneficiaryId: string;
    purpose: ConsentPurpose;
    body: ConsentBody;
    recordedBy: string;
    recordedByName: string | null;
    now: Date;
  }): Promise<ConsentRow> {
    const { body } = change;
    const row = await this.db.write.one<ConsentRow>(
      `INSERT INTO consent_history (beneficiary_id, purpose, state, given_by, relationship, method, witness, date, expires_on,
             evidence_document_id, recorded_by, recorded_by_name, recorded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${CONSENT_COLUMNS}`,
      [
        change.beneficiaryId,
        change.purpose,
        body.state,
        body.givenBy,
        body.relationship,
        body.method,
        body.witness,
        body.date,
        body.expiresOn,
        body.evidenceDocumentId,
        change.recordedBy,
        change.recordedByName,
        change.now,
      ],
    );
    return row!;
  }

  /**
   * The last day the child's current grant of registration or photo consent counts ('infinity' without expiry;
   * null when withdrawn), kept on the child for the list's consent filter and the dashboard's counts.
   */
  async setConsentUntil(
    beneficiaryId: string,
    purpose: 'registration' | 'photos_internal',
    until: string | null,
  ): Promise<void> {
    const column = purpose === 'registration' ? 'registration_consent_until' : 'photos_consent_until';
    await this.db.write.exec(
      `UPDATE beneficiaries SET ${column} = $2::date WHERE id = $1 AND ${column} IS DISTINCT FROM $2::date`,
      [beneficiaryId, until],
    );
  }

  /** Whether `documentId` is a document of the child. */
  /** Whether a recorded consent (current or past) names the document as its evidence. */
  async isEvidence(documentId: string): Promise<boolean> {
    return (
      (await this.db.read.one(`SELECT 1 FROM consent_history WHERE evidence_document_id = $1 LIMIT 1`, [
        documentId,
      ])) !== null
    );
  }

  async isDocumentOf(documentId: string, beneficiaryId: string): Promise<boolean> {
    return (
      (await this.db.read.one(`SELECT 1 FROM documents WHERE id = $1 AND beneficiary_id = $2`, [
        documentId,
        beneficiaryId,
      ])) !== null
    );
  }

  /** Photo consent withdrawn at `at` (kept when it already was), or given again (`at` null). */
  async setPhotosWithdrawn(beneficiaryId: string, at: Date | null): Promise<void> {
    await this.db.write.exec(
      `UPDATE beneficiaries SET photos_withdrawn_at = CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE coalesce(photos_withdrawn_at, $2) END
        WHERE id = $1 AND (photos_withdrawn_at IS NULL) <> ($2::timestamptz IS NULL)`,
      [beneficiaryId, at],
    );
  }

  /**
   * Children whose photo consent was withdrawn at or before `before` and who still have a photo of their own
   * or a gift photo stored, locked (others running the job skip them).
   */
  expiredPhotos(before: Date, limit: number): Promise<ExpiredPhotoRow[]> {
    return this.db.write.rows<ExpiredPhotoRow>(
      `SELECT b.id, b.photo_key, b.photo_thumbnail_key, b.photo_content_type FROM beneficiaries b
        WHERE b.photos_withdrawn_at <= $1
          AND (b.photo_key IS NOT NULL OR EXISTS (SELECT 1 FROM gifts g WHERE g.beneficiary_id = b.id AND g.photo_key IS NOT NULL))
        ORDER BY b.photos_withdrawn_at, b.id LIMIT $2 FOR UPDATE OF b SKIP LOCKED`,
      [before, limit],
    );
  }

  /** Forgets the photos and card images of the child's gifts (their objects are removed after the commit); the keys they had. */
  clearGiftPhotos(beneficiaryId: string): Promise<ClearedGiftPhotoRow[]> {
    return this.db.write.rows<ClearedGiftPhotoRow>(
      `WITH old AS (SELECT id, photo_key, photo_card_key FROM gifts WHERE beneficiary_id = $1 AND photo_key IS NOT NULL FOR UPDATE)
       UPDATE gifts g SET photo_key = NULL, photo_content_type = NULL, photo_card_key = NULL FROM old WHERE g.id = old.id
       RETURNING old.id::text, old.photo_key, old.photo_card_key`,
      [beneficiaryId],
    );
  }

  /** Forgets the child's stored photo (its objects are removed after the commit). */
  async clearPhoto(beneficiaryId: string): Promise<void> {
    await this.db.write.exec(
      `UPDATE beneficiaries SET photo_key = NULL, photo_content_type = NULL, photo_size = NULL, photo_thumbnail_key = NULL WHERE id = $1`,
      [beneficiaryId],
    );
  }
}
