import type { QueryResultRow } from 'pg';

/** A statement that changes data. */
const WRITE = /^\s*(INSERT|UPDATE|DELETE|MERGE|TRUNCATE)\b/i;
/** A data-changing part of a WITH (`WITH x AS (DELETE FROM ...) SELECT ...`, or `WITH ... INSERT INTO`). */
const WRITE_IN_WITH = /\b(INSERT\s+INTO|UPDATE\s+[\w."]+(\s+AS\s+\w+|\s+\w+)?\s+SET|DELETE\s+FROM|MERGE\s+INTO)\b/i;

/** Whether a statement changes data: what only a unit of work may run. */
export function isWriteStatement(text: string): boolean {
  return WRITE.test(text) || (/^\s*WITH\b/i.test(text) && WRITE_IN_WITH.test(text));
}

/** Thrown when a write is sent through a reading connection: every write belongs to a unit of work. */
export class WriteOutsideUnitOfWorkError extends Error {
  constructor(statement: string) {
    super(`A write outside a unit of work: ${statement.trim().split('\n')[0].slice(0, 80)}`);
    this.name = 'WriteOutsideUnitOfWorkError';
  }
}

/** The SQL a repository runs: parameters always as `$n`, never in the text. */
export interface Sql {
  /** Every row of a statement. */
  rows<T extends QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** The first row, or null. */
  one<T extends QueryResultRow>(text: string, params?: unknown[]): Promise<T | null>;
  /** Runs a statement; how many rows it touched. */
  exec(text: string, params?: unknown[]): Promise<number>;
}

/** Something pg can run a statement on: a pool or one of its connections. */
export interface Queryable {
  query<T extends QueryResultRow>(config: {
    text: string;
    values?: unknown[];
    name?: string;
  }): Promise<{ rows: T[]; rowCount: number | null }>;
}

export interface SqlOptions {
  /** Refuse data-changing statements (a reading connection). */
  readOnly?: boolean;
  /** Statements in this set run as named (prepared) statements (see statementName). */
  prepared?: (text: string) => string | undefined;
}

/** An Sql over `target` (resolved per statement, so a unit's connection can be begun lazily). */
export function sqlOver(target: () => Queryable | Promise<Queryable>, options: SqlOptions = {}): Sql {
  const run = async <T extends QueryResultRow>(text: string, params: unknown[] = []) => {
    if (options.readOnly && isWriteStatement(text)) throw new WriteOutsideUnitOfWorkError(text);
    const on = await target();
    return on.query<T>({ text, values: params, name: options.prepared?.(text) });
  };
  return {
    async rows<T extends QueryResultRow>(text: string, params?: unknown[]) {
      return (await run<T>(text, params)).rows;
    },
    async one<T extends QueryResultRow>(text: string, params?: unknown[]) {
      return (await run<T>(text, params)).rows[0] ?? null;
    },
    async exec(text, params) {
      return (await run(text, params)).rowCount ?? 0;
    },
  };
}
