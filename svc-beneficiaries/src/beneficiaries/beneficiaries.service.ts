import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BeneficiaryCreated,
  BeneficiaryDeleted,
  BeneficiaryUpdated,
  formatBeneficiaryId,
  type Beneficiary,
  type BeneficiaryBody,
  type BeneficiaryListQuery,
} from '@kcf/contracts';
import { AppError, CLOCK, writeToOutbox, type Clock, type StoredObject, UnitOfWork, type UserContext } from '@kcf/server-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { assertMaySee, ownChildOf } from '../access/visibility';
import { foundationToday } from '../clock/today';
import { BENEFICIARIES_DB } from '../config';
import { queryPrepared } from '../db/prepared-query';
import { queryOne, queryRows } from '../db/query-rows';
import { writeRecordFacts, type RecordFact } from '../events/record-facts';
import { checkUpload, type UploadedFile } from '../files/file-types';
import { newFileName, objectKey } from '../files/object-names';
import { StoredFiles, type NewObject } from '../files/stored-files.service';
import { beneficiaryJson } from './beneficiary-json';
import { BENEFICIARY_COLUMNS, toBeneficiary, type BeneficiaryRow } from './beneficiary-row';
import { buildFilter, buildOrder, pageWalk, type PageWalk } from './list-sql';
import { ListTotals } from './list-totals';

const NOT_FOUND = 'Beneficiary not found';
const CERTIFICATE_NOT_FOUND = 'Birth certificate not found';

/** The form's fields in the column order of the INSERT and UPDATE below. */
function formValues(body: BeneficiaryBody): unknown[] {
  return [
    body.fullName,
    body.dateOfBirth,
    body.homeVillage,
    body.subCounty,
    body.county,
    body.guardianName,
    body.guardianPhone,
    body.schoolName,
    body.gradeLevel,
    body.isActive,
    body.specialNeeds,
  ];
}

interface BirthCertificate {
  fileName: string;
  size: number;
  object: NewObject;
}

@Injectable()
export class BeneficiariesService {
  private readonly totals = new ListTotals();

  constructor(
    @InjectDataSource(BENEFICIARIES_DB) private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    private readonly files: StoredFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * One page of the list (filters, sort and paging all in SQL) as the JSON text of its array, and how many
   * rows match in all. The page's numbers come first (from the sort index alone when nothing else is
   * filtered, so a page deep in the list costs little more than the first), then their stored API objects
   * are joined into the page's JSON (`beneficiaryJson`). The total is counted in the same statement, unless this
   * filter was counted at the very version of the table the page was read at (see ListTotals); with the
   * total known, a page past the middle is walked from the end (`pageWalk`).
   */
  async list(user: UserContext, query: BeneficiaryListQuery): Promise<{ json: string; total: number }> {
    const filter = buildFilter(query, ownChildOf(user));
    const next = filter.params.length;
    const today = foundationToday(this.clock.now());
    const filterKey = JSON.stringify(filter.params);
    const count = `SELECT count(*)::int FROM beneficiaries b ${filter.where}`;
    // One row, even for an empty page.
    const pageOf = (extra: string, walk: PageWalk) => ({
      sql: `SELECT (SELECT version::text FROM beneficiaries_version) AS version, ${extra}
         '[' || coalesce(string_agg(${beneficiaryJson(`$${next + 3}::date`)}, ',' ${buildOrder(query.sort, query.dir)}), '') || ']' AS json
       FROM (SELECT b.number FROM beneficiaries b ${filter.where} ${buildOrder(query.sort, query.dir, walk.backward)}
             LIMIT $${next + 1} OFFSET $${next + 2}) page
       JOIN beneficiaries b ON b.number = page.number`,
      params: [...filter.params, walk.limit, walk.offset, today],
    });

    const known = this.totals.lookup(filterKey);
    if (known) {
      const { sql, params } = pageOf('', pageWalk(query.offset, query.limit, known.total));
      const [page] = await queryPrepared<{ version: string; json: string }>(this.db, sql, params);
      // The same version: the total, and so the walk, held for the snapshot the page was read in.
      if (page.version === known.version) return { json: page.json, total: known.total };
    }
    const { sql, params } = pageOf(`(${count}) AS total,`, { backward: false, offset: query.offset, limit: query.limit });
    const [page] = await queryPrepared<{ version: string; total: number; json: string }>(this.db, sql, params);
    this.totals.remember(page.version, filterKey, page.total);
    return { json: page.json, total: page.total };
  }

  async get(user: UserContext, id: string): Promise<Beneficiary> {
    assertMaySee(user, id, NOT_FOUND);
    const row = await this.findRow(this.db, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return toBeneficiary(row, foundationToday(this.clock.now()));
  }

  async create(user: UserContext, body: BeneficiaryBody, file?: UploadedFile): Promise<Beneficiary> {
    const certificate = await this.newBirthCertificate(file);
    const created = await this.files.withNewObject(certificate?.object ?? null, () =>
      this.uow.transaction(async (manager) => {
        const sequence = await queryOne<{ number: string }>(manager, `SELECT nextval('beneficiary_number_seq') AS number`);
        const id = formatBeneficiaryId(Number(sequence!.number));
        const now = this.clock.now();
        const [row] = await queryRows<BeneficiaryRow>(
          manager,
          `INSERT INTO beneficiaries AS b (id, number, full_name, date_of_birth, home_village, sub_county, county, guardian_name,
             guardian_phone, school_name, grade_level, is_active, special_needs, birth_certificate_file, birth_certificate_size,
             created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
           RETURNING ${BENEFICIARY_COLUMNS}`,
          [id, sequence!.number, ...formValues(body), certificate?.fileName ?? null, certificate?.size ?? null, user.userId, now],
        );
        await writeToOutbox(manager, BeneficiaryCreated, { beneficiaryId: id, fullName: row.full_name, createdBy: row.created_by });
        await writeRecordFacts(manager, [{ recordType: 'beneficiary', recordId: id, createdBy: row.created_by }], false);
        return row;
      }),
    );
    return toBeneficiary(created, foundationToday(this.clock.now()));
  }

  /** Replaces the form's fields; a new birth certificate replaces the stored one, none keeps it. */
  async update(id: string, body: BeneficiaryBody, file?: UploadedFile): Promise<Beneficiary> {
    const certificate = await this.newBirthCertificate(file);
    const { row, replaced } = await this.files.withNewObject(certificate?.object ?? null, () =>
      this.uow.transaction(async (manager) => {
        const current = await this.lockRow(manager, id);
        const [row] = await queryRows<BeneficiaryRow>(
          manager,
          `UPDATE beneficiaries b SET full_name = $2, date_of_birth = $3, home_village = $4, sub_county = $5, county = $6,
             guardian_name = $7, guardian_phone = $8, school_name = $9, grade_level = $10, is_active = $11, special_needs = $12,
             birth_certificate_file = COALESCE($13, b.birth_certificate_file),
             birth_certificate_size = COALESCE($14, b.birth_certificate_size), updated_at = $15
           WHERE b.id = $1 RETURNING ${BENEFICIARY_COLUMNS}`,
          [id, ...formValues(body), certificate?.fileName ?? null, certificate?.size ?? null, this.clock.now()],
        );
        await writeToOutbox(manager, BeneficiaryUpdated, { beneficiaryId: id, fullName: row.full_name, createdBy: row.created_by });
        return { row, replaced: certificate ? current.birth_certificate_file : null };
      }),
    );
    if (replaced) this.files.removeAfterCommit([objectKey('birthCertificate', replaced)]);
    return toBeneficiary(row, foundationToday(this.clock.now()));
  }

  /**
   * Deletes the child and everything that hangs off it (household, performance, fees, documents, special
   * needs, gifts), tells other domains, then removes its stored files once the delete has committed.
   */
  async remove(id: string): Promise<void> {
    const keys = await this.uow.transaction(async (manager) => {
      const current = await this.lockRow(manager, id);
      const facts = await queryRows<{ record_type: RecordFact['recordType']; record_id: string; created_by: string }>(
        manager,
        `SELECT 'household_member' AS record_type, id::text AS record_id, created_by FROM household_members WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_performance', id::text, created_by FROM school_performance WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'school_fee', id::text, created_by FROM school_fees WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'document', id::text, created_by FROM documents WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'special_need', id::text, created_by FROM special_needs WHERE beneficiary_id = $1 AND created_by IS NOT NULL
         UNION ALL SELECT 'gift', id::text, created_by FROM gifts WHERE beneficiary_id = $1 AND created_by IS NOT NULL`,
        [id],
      );
      const documents = await queryRows<{ file_name: string }>(manager, `SELECT file_name FROM documents WHERE beneficiary_id = $1`, [id]);
      const gifts = await queryRows<{ photo_key: string; photo_card_key: string | null }>(
        manager,
        `SELECT photo_key, photo_card_key FROM gifts WHERE beneficiary_id = $1 AND photo_key IS NOT NULL`,
        [id],
      );
      await manager.query(`DELETE FROM beneficiaries WHERE id = $1`, [id]);
      await writeToOutbox(manager, BeneficiaryDeleted, { beneficiaryId: id, fullName: current.full_name, createdBy: current.created_by });
      await writeRecordFacts(
        manager,
        [
          { recordType: 'beneficiary', recordId: id, createdBy: current.created_by },
          ...facts.map((f) => ({ recordType: f.record_type, recordId: f.record_id, createdBy: f.created_by })),
        ],
        true,
      );
      return [
        current.photo_key,
        current.photo_thumbnail_key,
        current.birth_certificate_file && objectKey('birthCertificate', current.birth_certificate_file),
        ...documents.map((d) => objectKey('document', d.file_name)),
        ...gifts.flatMap((g) => [g.photo_key, g.photo_card_key]),
      ];
    });
    this.files.removeAfterCommit(keys);
  }

  /** The birth certificate stored under `fileName`, if this user may see its child (else 404). */
  async birthCertificate(user: UserContext, fileName: string): Promise<{ beneficiaryId: string; open(): Promise<StoredObject> }> {
    const row = await queryOne<{ id: string }>(this.db, `SELECT id FROM beneficiaries WHERE birth_certificate_file = $1`, [fileName]);
    if (!row) throw AppError.notFound(CERTIFICATE_NOT_FOUND);
    assertMaySee(user, row.id, CERTIFICATE_NOT_FOUND);
    const key = objectKey('birthCertificate', fileName);
    return { beneficiaryId: row.id, open: () => this.files.open(key) };
  }

  findRow(db: DataSource | EntityManager, id: string): Promise<BeneficiaryRow | null> {
    return queryOne<BeneficiaryRow>(db, `SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries b WHERE b.id = $1`, [id]);
  }

  /** The child's row, locked until the transaction ends; 404 when there is none. */
  async lockRow(manager: EntityManager, id: string): Promise<BeneficiaryRow> {
    const row = await queryOne<BeneficiaryRow>(manager, `SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries b WHERE b.id = $1 FOR UPDATE`, [id]);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  private async newBirthCertificate(file: UploadedFile | undefined): Promise<BirthCertificate | null> {
    if (!file) return null;
    const type = await checkUpload('birthCertificate', file);
    const fileName = newFileName(type.ext);
    return { fileName, size: file.size, object: { key: objectKey('birthCertificate', fileName), bytes: file.buffer, contentType: type.mime } };
  }
}
