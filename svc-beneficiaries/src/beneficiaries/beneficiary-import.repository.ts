import { Injectable } from '@nestjs/common';
import { Database } from '@kcf/server-kit';

/** The import's statements: many numbers and many rows at once. */
@Injectable()
export class BeneficiaryImportRepository {
  constructor(private readonly db: Database) {}

  /** `count` numbers of `beneficiary_number_seq`, in order. */
  async nextNumbers(count: number): Promise<string[]> {
    const rows = await this.db.write.rows<{ number: string }>(
      `SELECT nextval('beneficiary_number_seq') AS number FROM generate_series(1, $1)`,
      [count],
    );
    return rows.map((row) => row.number);
  }

  /**
   * Inserts many rows in one statement from column arrays (`unnest`), so an import is a handful of
   * statements rather than one per row. `columns` maps each column to its PostgreSQL array element type.
   * Answers the rows as stored, each as `returning` selects it (`table` may carry an alias for it).
   */
  async insertMany<R>(
    table: string,
    columns: Record<string, string>,
    rows: Record<string, unknown>[],
    returning: string,
  ): Promise<R[]> {
    if (rows.length === 0) return [];
    const names = Object.keys(columns);
    const arrays = names.map((name) => rows.map((row) => row[name] ?? null));
    const unnest = names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(', ');
    const stored = await this.db.write.rows(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${unnest}) RETURNING ${returning}`,
      arrays,
    );
    return stored as R[];
  }

  /**
   * Brings the planner's statistics and the visibility map up to date after a bulk insert (the list's
   * index-only scans depend on both). VACUUM runs outside any transaction: call it once the import is saved.
   */
  async vacuumBeneficiaries(): Promise<void> {
    await this.db.read.exec('VACUUM (ANALYZE) beneficiaries');
  }
}
