import { isoTimestamp } from './iso-timestamp';

/**
 * A table's record written once: each column with its PostgreSQL type, the key of the API object that shows it,
 * and how SQL reads it. A repository's select lists, INSERT and UPDATE lists, the types of an `unnest` insert and
 * the SQL that builds the record's JSON are all derived from it, so a new field is one entry.
 */

/** One column: what a row of the table carries under a field's name (`T` types that field). */
export interface Column<T = unknown> {
  /** PostgreSQL type as a cast spells it, without a length: `varchar`, `text`, `date`, `numeric`, `timestamptz`, ... */
  readonly type: string;
  /** The column's name in SQL, when it is not the field's name. */
  readonly column?: string;
  /** The key of the API object that shows the value as read; none for a column the API does not show as it is. */
  readonly api?: string;
  /** SQL that reads the value as rows and API objects carry it, from the qualified column, when its type's way does not fit. */
  readonly read?: (ref: string) => string;
  /**
   * A generated column's expression over row `alias`: what a BEFORE trigger reads, since PostgreSQL computes
   * such a column after those triggers have run.
   */
  readonly generated?: (alias: string) => string;
  /** Carries the field's type; never set. */
  readonly row?: T;
}

export type ColumnOptions = Omit<Column, 'type' | 'row'>;

/** A column whose field has the TypeScript type `T` in a row. */
export function column<T>(type: string, options: ColumnOptions = {}): Column<T> {
  return { type, ...options };
}

/** What a row read with `ColumnMap.select` carries: every field with its type. */
export type RowOf<F extends Record<string, Column>> = {
  -readonly [K in keyof F]: F[K] extends Column<infer T> ? T : never;
};

/**
 * How a type's values are read, so that rows and API objects carry them alike: a date as `YYYY-MM-DD`, a timestamp
 * as ISO 8601 UTC with milliseconds, a numeric as its decimal text ("1500.00"); other types as stored.
 */
const READ_BY_TYPE: Partial<Record<string, (ref: string) => string>> = {
  date: (ref) => `to_char(${ref}, 'YYYY-MM-DD')`,
  timestamptz: isoTimestamp,
  numeric: (ref) => `${ref}::text`,
};

/** json_build_object takes at most 100 arguments. */
const JSON_PAIRS_MAX = 50;

/** A field's name as an SQL output name: quoted unless it is lower case already. */
function outputName(field: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(field) ? field : `"${field}"`;
}

/** The columns of one table, in the order its select lists, API objects and CSV columns follow. */
export class ColumnMap<F extends Record<string, Column>> {
  readonly fields: readonly (keyof F & string)[];

  constructor(readonly columns: F) {
    this.fields = Object.keys(columns) as (keyof F & string)[];
  }

  /** The column's name in SQL. */
  sqlName(field: keyof F & string): string {
    return this.columns[field].column ?? field;
  }

  /** The fields the API shows as read, each with its key there. */
  get apiFields(): { field: keyof F & string; key: string }[] {
    return this.fields.flatMap((field) => {
      const key = this.columns[field].api;
      return key ? [{ field, key }] : [];
    });
  }

  /** SQL reading one field of row `alias` (null: the table's own name) as rows carry it. */
  read(field: keyof F & string, alias: string | null): string {
    const spec = this.columns[field];
    const ref = alias ? `${alias}.${this.sqlName(field)}` : this.sqlName(field);
    return (spec.read ?? READ_BY_TYPE[spec.type] ?? ((plain: string) => plain))(ref);
  }

  /** The select list of a row of `alias` (null: the table unaliased): every field, or those of `only`, each under its field's name. */
  select(alias: string | null, only: readonly (keyof F & string)[] = this.fields): string {
    return only
      .map((field) => {
        const sql = this.read(field, alias);
        const plain = alias ? `${alias}.${field}` : field;
        return sql === plain ? sql : `${sql} AS ${outputName(field)}`;
      })
      .join(', ');
  }

  /**
   * `json_build_object(...)` of row `alias`: every field the API shows under its key, in order, then `computed`
   * (key → SQL) for the keys made from other columns. `beforeTrigger`: `alias` is a BEFORE trigger's NEW, whose
   * generated columns are not computed yet.
   */
  jsonObject(alias: string, computed: Record<string, string> = {}, options: { beforeTrigger?: boolean } = {}): string {
    const pairs = [
      ...this.apiFields.map(({ field, key }) => {
        const generated = options.beforeTrigger ? this.columns[field].generated : undefined;
        return [key, generated ? generated(alias) : this.read(field, alias)];
      }),
      ...Object.entries(computed),
    ];
    if (pairs.length > JSON_PAIRS_MAX)
      throw new Error(`json_build_object takes at most ${JSON_PAIRS_MAX} keys, not ${pairs.length}`);
    return `json_build_object(${pairs.map(([key, sql]) => `'${key}', ${sql}`).join(', ')})`;
  }

  /** The API object's fields as a row read with `select` carries them. */
  apiOf(row: RowOf<F>): Record<string, unknown> {
    return Object.fromEntries(this.apiFields.map(({ field, key }) => [key, row[field]]));
  }

  /**
   * The fields the API shows under `keys` (a body schema's fields), each with `object`'s value under its key (a key
   * it lacks: null), ready for `insert` or `assignments`.
   */
  fromApi(object: object, keys: readonly string[]): Partial<Record<keyof F & string, unknown>> {
    const values = object as Record<string, unknown>;
    return Object.fromEntries(
      this.apiFields.filter(({ key }) => keys.includes(key)).map(({ field, key }) => [field, values[key] ?? null]),
    ) as Partial<Record<keyof F & string, unknown>>;
  }

  /** `INSERT INTO table (...) VALUES ($1, ...)` of the fields `values` has, in the map's order, and its parameters. */
  insert(table: string, values: Partial<Record<keyof F & string, unknown>>): { sql: string; params: unknown[] } {
    const fields = this.fields.filter((field) => field in values);
    return {
      sql: `INSERT INTO ${table} (${fields.map((field) => this.sqlName(field)).join(', ')}) VALUES (${fields.map((_, i) => `$${i + 1}`).join(', ')})`,
      params: fields.map((field) => values[field]),
    };
  }

  /** `column = $n, ...` of the fields `values` has, numbered from `first`, and their values. */
  assignments(values: Partial<Record<keyof F & string, unknown>>, first: number): { sql: string; params: unknown[] } {
    const fields = this.fields.filter((field) => field in values);
    return {
      sql: fields.map((field, i) => `${this.sqlName(field)} = $${first + i}`).join(', '),
      params: fields.map((field) => values[field]),
    };
  }

  /** Each column of `only` with its PostgreSQL type (the element type of an `unnest` array). */
  types(only: readonly (keyof F & string)[] = this.fields): Record<string, string> {
    return Object.fromEntries(only.map((field) => [this.sqlName(field), this.columns[field].type]));
  }
}
