import { Client } from 'pg';

/** What a search of a database for personal values looks for. */
export interface TextSearch {
  /** Texts looked for as they are, case-insensitive (ILIKE). */
  texts: readonly string[];
  /** Digits looked for with every space, dot, dash and bracket between them ignored (a phone number written any way). */
  digits?: readonly string[];
}

/** A row (or row version) of `table` holding a text looked for, as JSON or as escaped bytes. */
export interface FoundText {
  table: string;
  row: string;
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `text` matches the search (SQL over a text expression `$expr`; parameters $1 texts, $2 digits). */
function matching(expr: string): string {
  return `(${expr} ILIKE ANY($1::text[]) OR regexp_replace(${expr}, '[\\s().-]', '', 'g') ~ ANY($2::text[]))`;
}

function parameters(search: TextSearch): [string[], string[]] {
  return [search.texts.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), [...(search.digits ?? [])]];
}

/** Every live row of every table of the database (public schema) whose JSON text holds what is looked for. */
export function rowsHolding(url: string, search: TextSearch): Promise<FoundText[]> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const found: FoundText[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${name} t WHERE ${matching('row_to_json(t)::text')}`,
        parameters(search),
      );
      found.push(...rows.map((r) => ({ table: name, row: r.row })));
    }
    return found;
  });
}

/**
 * Every version of a row still stored in the heap of a table of the database (public schema) or of its TOAST
 * table — live, updated or deleted and not yet vacuumed away — whose bytes hold what is looked for, read from
 * the pages with pageinspect (superuser only; the extension is created in the database if missing). Each tuple's
 * bytes are searched as `encode(…, 'escape')`, so texts are found as stored (uncompressed: short values are never
 * compressed). What VACUUM has removed has no tuple left (its line pointer is unused or dead, without data).
 * With `waitMs`, reads again until nothing is found or that time has passed (a VACUUM that runs after a commit).
 */
export async function rowVersionsHolding(
  url: string,
  search: TextSearch,
  options: { waitMs?: number } = {},
): Promise<FoundText[]> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    const found = await readRowVersions(url, search);
    if (found.length === 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function readRowVersions(url: string, search: TextSearch): Promise<FoundText[]> {
  return withClient(url, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
    const { rows: relations } = await client.query<{ name: string }>(
      `SELECT c.oid::regclass::text AS name FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
       UNION ALL SELECT t.oid::regclass::text FROM pg_class c JOIN pg_class t ON t.oid = c.reltoastrelid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
       ORDER BY 1`,
    );
    const found: FoundText[] = [];
    for (const { name } of relations) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT format('page %s item %s (xmin %s, xmax %s): %s', p.n, i.lp, i.t_xmin, i.t_xmax, left(encode(i.t_data, 'escape'), 300)) AS row
         FROM generate_series(0, (pg_relation_size($3::text::regclass) / current_setting('block_size')::int)::int - 1) AS p(n)
         CROSS JOIN LATERAL heap_page_items(get_raw_page($3::text, p.n)) i
         WHERE i.t_data IS NOT NULL AND ${matching(`encode(i.t_data, 'escape')`)}`,
        [...parameters(search), name],
      );
      found.push(...rows.map((r) => ({ table: name, row: r.row })));
    }
    return found;
  });
}
