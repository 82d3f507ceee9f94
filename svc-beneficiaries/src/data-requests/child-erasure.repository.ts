import { Injectable } from '@nestjs/common';
import { nameWords, phoneForms, phoneNumbersIn } from '@kcf/contracts';
import { Database, ErasedObjects, namePattern, phonePattern, type ErasureTexts } from '@kcf/server-kit';

import { objectKey } from '../files/object-names';
import type { DataRequestRow } from './data-requests.repository';

/** The child's row as the erasure starts from it. */
export interface ErasedChild {
  id: string;
  full_name: string;
  guardian_name: string;
  guardian_phone: string;
}

/**
 * Columns of the records of other children (and of requests) where a person may have written a child's or its
 * guardian's name or phone: replaced there with "erased" (cut to the column's length where it has one). Their
 * `updated_at` stays: the retention review reads it as a change to the other child.
 */
const FREE_TEXT: readonly [table: string, column: string, maxLength?: number][] = [
  ['beneficiaries', 'special_needs'],
  ['household_members', 'name', 255],
  ['documents', 'description'],
  ['documents', 'original_name', 255],
  ['special_needs', 'description'],
  ['special_needs', 'notes'],
  ['gifts', 'description'],
  ['gifts', 'contents'],
  ['retention_keeps', 'reason'],
  ['data_requests', 'reason'],
];

/** What an erasure request looks for while it is open: its child's names and its other texts. */
export function requestTexts(row: Pick<DataRequestRow, 'names' | 'erasure_texts'>): ErasureTexts {
  const other = row.erasure_texts;
  return {
    names: row.names ?? [],
    nameWords: other?.nameWords ?? [],
    guardianNames: other?.guardianNames ?? [],
    phones: other?.phones ?? [],
  };
}

/** The tables the child's deletion and the texts' replacement change rows of (vacuumed after the erasure's unit). */
export const ERASED_CHILD_TABLES = [
  'beneficiaries',
  'household_members',
  'school_performance',
  'school_fees',
  'documents',
  'special_needs',
  'gifts',
  'consent_history',
  'retention_keeps',
  'data_requests',
  'erasure_objects',
  'outbox',
  'idempotency_keys',
] as const;

/** The tables the end of an erasure changes rows of (the request, its last traces, the audit trail's redaction). */
export const ERASED_REQUEST_TABLES = [
  'data_requests',
  'erasure_objects',
  'outbox',
  'idempotency_keys',
  'audit_entries',
] as const;

/** A record of the child that identity was told its creator of (household, fees, documents, ...). */
export interface ErasedRecord {
  record_type: string;
  record_id: string;
  created_by: string;
}

/**
 * svc-beneficiaries' part of a child's erasure: the texts it looks for, the child's rows (its records go with
 * it, ON DELETE CASCADE), the stored objects they point at (queued in `erasure_objects` in the same transaction,
 * removed by the ErasedObjectsJob until none is left), and whatever else in this database still holds the
 * child's id, name or its guardian's name or phone: other records' texts, sent outbox rows, idempotency records,
 * audit values.
 */
@Injectable()
export class ChildErasureRepository {
  /** The stored objects this service's erasures queued for removal (`erasure_objects`). */
  readonly objects: ErasedObjects;

  constructor(private readonly db: Database) {
    this.objects = new ErasedObjects(db);
  }

  /** The child's row, locked; null when it is gone already. */
  lockChild(id: string): Promise<ErasedChild | null> {
    return this.db.write.one(
      `SELECT id, full_name, guardian_name, guardian_phone FROM beneficiaries WHERE id = $1 FOR UPDATE`,
      [id],
    );
  }

  /**
   * What the child's erasure looks for: its full name; the words of it that no other child's name has (a search
   * typed with one of them was about this child); the guardian's name and each of its phone numbers (in every
   * written form), unless another child has the same guardian — then they are that child's guardian's too.
   */
  async erasureTexts(child: ErasedChild): Promise<{ [K in keyof ErasureTexts]: string[] }> {
    const words = nameWords(child.full_name);
    const ownWords = await this.db.write.rows<{ word: string }>(
      `SELECT w.word FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS w(word, pattern, n)
       WHERE NOT EXISTS (SELECT 1 FROM beneficiaries b WHERE b.id <> $1 AND b.full_name ~* w.pattern)
       ORDER BY w.n`,
      [child.id, words, words.map((word) => namePattern(word))],
    );
    const guardian = child.guardian_name.trim();
    const sharedGuardian = await this.db.write.one(
      `SELECT 1 FROM beneficiaries WHERE id <> $1 AND lower(regexp_replace(btrim(guardian_name), '\\s+', ' ', 'g')) = lower(regexp_replace($2, '\\s+', ' ', 'g')) LIMIT 1`,
      [child.id, guardian],
    );
    const phones: string[] = [];
    for (const number of phoneNumbersIn(child.guardian_phone)) {
      const shared = await this.db.write.one(
        `SELECT 1 FROM beneficiaries WHERE id <> $1 AND guardian_phone ~ $2 LIMIT 1`,
        [child.id, phonePattern(number)],
      );
      if (!shared) phones.push(...phoneForms(number));
    }
    return {
      names: [child.full_name.trim()].filter((name) => name.length > 0),
      nameWords: ownWords.map((w) => w.word),
      guardianNames: guardian.length > 0 && !sharedGuardian ? [guardian] : [],
      phones: [...new Set(phones)],
    };
  }

  /**
   * Replaces what `pattern` (a case-insensitive PostgreSQL regular expression) matches with "erased" in the
   * free-text columns of other children's records and of the requests; resolves to how many rows changed.
   */
  async replaceTexts(pattern: string): Promise<number> {
    let changed = 0;
    for (const [table, column, maxLength] of FREE_TEXT) {
      const replaced = `regexp_replace(${column}, $1, 'erased', 'gi')`;
      changed += await this.db.write.exec(
        `UPDATE ${table} SET ${column} = ${maxLength ? `left(${replaced}, ${maxLength})` : replaced} WHERE ${column} ~* $1`,
        [pattern],
      );
    }
    return changed;
  }

  /** Every object the child's rows point at: photo, thumbnail, birth certificate, documents (consent evidence too), gift photos and cards. */
  async storedObjectsOf(id: string): Promise<string[]> {
    const rows = await this.db.write.rows<{ key: string }>(
      `SELECT photo_key AS key FROM beneficiaries WHERE id = $1 AND photo_key IS NOT NULL
       UNION ALL SELECT photo_thumbnail_key FROM beneficiaries WHERE id = $1 AND photo_thumbnail_key IS NOT NULL
       UNION ALL SELECT $2 || birth_certificate_file FROM beneficiaries WHERE id = $1 AND birth_certificate_file IS NOT NULL
       UNION ALL SELECT $3 || file_name FROM documents WHERE beneficiary_id = $1
       UNION ALL SELECT photo_key FROM gifts WHERE beneficiary_id = $1 AND photo_key IS NOT NULL
       UNION ALL SELECT photo_card_key FROM gifts WHERE beneficiary_id = $1 AND photo_card_key IS NOT NULL`,
      [id, objectKey('birthCertificate', ''), objectKey('document', '')],
    );
    return [...new Set(rows.map((r) => r.key))];
  }

  /** The child's records identity knows the creator of (the child's own row is erased there by the child's id). */
  recordsOf(id: string): Promise<ErasedRecord[]> {
    return this.db.write.rows<ErasedRecord>(
      `SELECT 'household_member' AS record_type, id::text AS record_id, created_by FROM household_members WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_performance', id::text, created_by FROM school_performance WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_fee', id::text, created_by FROM school_fees WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'document', id::text, created_by FROM documents WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'special_need', id::text, created_by FROM special_needs WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'gift', id::text, created_by FROM gifts WHERE beneficiary_id = $1 AND created_by IS NOT NULL`,
      [id],
    );
  }

  /** Queues objects for removal (ErasedObjectsJob), in the erasure's transaction. */
  async queueObjects(requestId: string, keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.write.exec(
      `INSERT INTO erasure_objects (key, request_id, next_try_at) SELECT unnest($1::text[]), $2, $3 ON CONFLICT (key) DO NOTHING`,
      [keys, requestId, now],
    );
  }

  /** Deletes the child; every record hanging off it goes with it (ON DELETE CASCADE). */
  async deleteChild(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM beneficiaries WHERE id = $1`, [id]);
  }
}
