import { Injectable } from '@nestjs/common';
import type { BeneficiaryBody } from '@kcf/contracts';
import { Database } from '@kcf/server-kit';
import type { RecordType } from '../events/record-facts';
import { CHILD, formColumns } from './beneficiary-columns';
import { BENEFICIARY_COLUMNS, type BeneficiaryRow } from './beneficiary-row';

/** A birth certificate stored for a child: its file's name and size. */
export interface CertificateFile {
  fileName: string;
  size: number;
}

/** A record hanging off a child, and who created it (what a child's deletion tells identity about). */
export interface ChildRecordRow {
  record_type: RecordType;
  record_id: string;
  created_by: string;
}

/** The beneficiaries table: one child at a time (the list and the export have repositories of their own). */
@Injectable()
export class BeneficiariesRepository {
  constructor(private readonly db: Database) {}

  findRow(id: string): Promise<BeneficiaryRow | null> {
    return this.db.read.one<BeneficiaryRow>(`SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries b WHERE b.id = $1`, [id]);
  }

  /** The child's row, locked until the unit of work ends; null when there is none. */
  lockRow(id: string): Promise<BeneficiaryRow | null> {
    return this.db.write.one<BeneficiaryRow>(
      `SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries b WHERE b.id = $1 FOR UPDATE`,
      [id],
    );
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.read.one(`SELECT id FROM beneficiaries WHERE id = $1`, [id])) !== null;
  }

  /** Whether the child exists; if so it cannot be deleted until the unit of work ends (a new record hangs off it). */
  async lockForShare(id: string): Promise<boolean> {
    return (await this.db.write.one(`SELECT id FROM beneficiaries WHERE id = $1 FOR SHARE`, [id])) !== null;
  }

  /** What other services see of a child (its name and photo). */
  summary(id: string): Promise<Pick<BeneficiaryRow, 'id' | 'full_name' | 'photo_key' | 'photos_consent_until'> | null> {
    return this.db.read.one(
      `SELECT ${CHILD.select(null, ['id', 'full_name', 'photo_key', 'photos_consent_until'])} FROM beneficiaries WHERE id = $1`,
      [id],
    );
  }

  /** The child whose birth certificate is stored under `fileName`. */
  ownerOfCertificate(fileName: string): Promise<{ id: string } | null> {
    return this.db.read.one<{ id: string }>(`SELECT id FROM beneficiaries WHERE birth_certificate_file = $1`, [
      fileName,
    ]);
  }

  /** The next number of `beneficiary_number_seq` (never repeated, even for concurrent creates). */
  async nextNumber(): Promise<string> {
    const row = await this.db.write.one<{ number: string }>(`SELECT nextval('beneficiary_number_seq') AS number`);
    return row!.number;
  }

  async insert(child: {
    id: string;
    number: string;
    body: BeneficiaryBody;
    certificate: CertificateFile | null;
    createdBy: string;
    now: Date;
  }): Promise<BeneficiaryRow> {
    const { sql, params } = CHILD.insert('beneficiaries AS b', {
      id: child.id,
      number: child.number,
      ...formColumns(child.body),
      birth_certificate_file: child.certificate?.fileName ?? null,
      birth_certificate_size: child.certificate?.size ?? null,
      created_by: child.createdBy,
      created_at: child.now,
      updated_at: child.now,
    });
    const row = await this.db.write.one<BeneficiaryRow>(`${sql} RETURNING ${BENEFICIARY_COLUMNS}`, params);
    return row!;
  }

  /** Replaces the form's fields; a new certificate replaces the stored one, none keeps it. */
  async update(
    id: string,
    body: BeneficiaryBody,
    certificate: CertificateFile | null,
    now: Date,
  ): Promise<BeneficiaryRow> {
    const set = CHILD.assignments({ ...formColumns(body), updated_at: now }, 2);
    const next = 2 + set.params.length;
    const row = await this.db.write.one<BeneficiaryRow>(
      `UPDATE beneficiaries b SET ${set.sql},
             birth_certificate_file = COALESCE($${next}, b.birth_certificate_file),
             birth_certificate_size = COALESCE($${next + 1}, b.birth_certificate_size)
           WHERE b.id = $1 RETURNING ${BENEFICIARY_COLUMNS}`,
      [id, ...set.params, certificate?.fileName ?? null, certificate?.size ?? null],
    );
    return row!;
  }

  /** Every record of the child that has a creator. */
  recordsOf(id: string): Promise<ChildRecordRow[]> {
    return this.db.read.rows<ChildRecordRow>(
      `SELECT 'household_member' AS record_type, id::text AS record_id, created_by FROM household_members WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_performance', id::text, created_by FROM school_performance WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_fee', id::text, created_by FROM school_fees WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'document', id::text, created_by FROM documents WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'special_need', id::text, created_by FROM special_needs WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'gift', id::text, created_by FROM gifts WHERE beneficiary_id = $1 AND created_by IS NOT NULL`,
      [id],
    );
  }

  /** The stored names of the child's documents. */
  documentFilesOf(id: string): Promise<{ file_name: string }[]> {
    return this.db.read.rows<{ file_name: string }>(`SELECT file_name FROM documents WHERE beneficiary_id = $1`, [id]);
  }

  /** The photo keys of the child's gifts that have one. */
  giftPhotosOf(id: string): Promise<{ photo_key: string; photo_card_key: string | null }[]> {
    return this.db.read.rows<{ photo_key: string; photo_card_key: string | null }>(
      `SELECT photo_key, photo_card_key FROM gifts WHERE beneficiary_id = $1 AND photo_key IS NOT NULL`,
      [id],
    );
  }

  /** Deletes the child; its records go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<void> {
    await this.db.write.exec(`DELETE FROM beneficiaries WHERE id = $1`, [id]);
  }
}
