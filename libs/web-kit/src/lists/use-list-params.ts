import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { firstErrorPerField, type FieldErrors, type FormSchema } from '../form/field-errors';

/** The largest page the services answer (the contracts' MAX_PAGE_LIMIT; a unit test holds the two together). */
export const LIST_MAX_ROWS = 500;
/** The address's parameter for how many rows were shown (Load more): the list's own `limit`. */
const ROWS = 'limit';

/** A list's query schema: the contracts' zod schemas fit (nothing of zod is imported here). */
export type ListSchema = FormSchema<unknown>;

export interface ListParamsOptions<K extends string> {
  /** The query parameters the list keeps in the address: its filters and order, named as its API names them. */
  keys: readonly K[];
  /**
   * The list's query schema from the contracts, the server's own. A page that must not load zod before it is needed
   * gives a loader instead (`() => import('./x-query').then((m) => m.Query)`): it is loaded once the address holds
   * a value, which is all there is to check.
   */
  schema: ListSchema | (() => Promise<ListSchema>);
  /** The values a list opens with when the address names none of its keys (this month's dates); none when absent. */
  initial?: () => Partial<Record<K, string>>;
  /** Rows per page. */
  pageSize: number;
}

/** The props of a list's filter bar: the filters the address holds, how to change them, and what the schema refused. */
export interface ListFilterBarProps<F> {
  filters: F;
  onChange: (filters: F) => void;
  /** The schema's message under each filter it refuses (the list asks without it). */
  errors?: FieldErrors;
}

export interface ListParams<K extends string> {
  /** Each key's value as the address holds it ('' for none): what the filter bar shows. */
  values: Record<K, string>;
  /**
   * The values the list asks for (the set ones only): the address's when the schema takes them; after a change it
   * refuses, the last it took (the list stays as it was); on a first visit, the address's without those it refused.
   * Null while the schema that must check them loads.
   */
  listed: Partial<Record<K, string>> | null;
  /** The schema's first message for each value it refuses (shown under the filter). */
  errors: FieldErrors;
  /** Changes some values ('' for none) and writes the address, replacing the entry; the rows shown start over. */
  set: (next: Partial<Record<K, string>>) => void;
  /** How many rows the first page asks for: as many as were shown when the address was made, at least a page. */
  firstPageLimit: number;
  /** Notes in the address how many rows are shown (after Load more), so a reload shows them again. */
  showRows: (count: number) => void;
}

const isLoader = (schema: ListParamsOptions<string>['schema']): schema is () => Promise<ListSchema> =>
  typeof schema === 'function';

function setOnly<K extends string>(values: Partial<Record<K, string>>): Partial<Record<K, string>> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<Record<K, string>>;
}

/** The values the schema takes: the given ones, less each one it refuses (again, until it takes what is left). */
function takenBy<K extends string>(
  schema: ListSchema,
  candidate: Partial<Record<K, string>>,
): { taken: Partial<Record<K, string>>; errors: FieldErrors } {
  const taken = { ...candidate };
  let errors: FieldErrors = {};
  for (let round = 0; round <= Object.keys(candidate).length; round++) {
    const result = schema.safeParse(taken);
    if (result.success) return { taken, errors };
    const refused = firstErrorPerField(result.error.issues);
    if (round === 0) errors = refused;
    const fields = Object.keys(refused).filter((field) => field in taken);
    if (fields.length === 0) break;
    for (const field of fields) delete taken[field as K];
  }
  return { taken: {}, errors };
}

/**
 * A list's filters, order and rows shown, kept in the address: a list can be bookmarked, shared, reloaded and
 * gone back to. The address holds the list's API query (`?search=…&from=…&sort=amount&dir=asc&limit=75`), read
 * with the list's own schema from the contracts, so a value the server would refuse says so under its filter
 * instead of failing the list.
 */
export function useListParams<K extends string>({
  keys,
  schema: given,
  initial,
  pageSize,
}: ListParamsOptions<K>): ListParams<K> {
  const [search, setSearch] = useSearchParams();
  const named = keys.some((key) => search.has(key));
  const start: Partial<Record<K, string>> = named ? {} : (initial?.() ?? {});
  const values = Object.fromEntries(keys.map((key) => [key, search.get(key) ?? start[key] ?? ''])) as Record<K, string>;
  const fromAddress = keys.some((key) => (search.get(key) ?? '') !== '') || search.has(ROWS);

  const [schema, setSchema] = useState<ListSchema | null>(() => (isLoader(given) ? null : given));
  const needed = fromAddress && schema === null;
  useEffect(() => {
    if (!needed || !isLoader(given)) return undefined;
    let live = true;
    // A chunk that fails to load checks nothing: the server's answer still tells.
    given().then(
      (loaded) => live && setSchema(() => loaded),
      () => live && setSchema(() => ({ safeParse: (value: unknown) => ({ success: true as const, data: value }) })),
    );
    return () => {
      live = false;
    };
  }, [needed, given]);

  const candidate = setOnly(values);
  const rows = search.get(ROWS);
  const checked =
    schema && fromAddress ? takenBy(schema, rows === null ? candidate : { ...candidate, [ROWS]: rows }) : null;
  const errors = checked?.errors ?? {};
  const valid = checked === null || Object.keys(errors).length === 0;
  const { [ROWS]: takenRows, ...taken } = (checked?.taken ?? candidate) as Record<string, string>;

  const [lastValid, setLastValid] = useState<{ listed: Partial<Record<K, string>> } | null>(null);
  const candidateKey = JSON.stringify(candidate);
  useEffect(() => {
    if (valid && !needed) setLastValid({ listed: JSON.parse(candidateKey) as Partial<Record<K, string>> });
  }, [valid, needed, candidateKey]);
  const listed = needed ? null : valid ? candidate : (lastValid?.listed ?? (taken as Partial<Record<K, string>>));

  // The first page's size belongs to the list on screen: noted when its values change, not when Load more notes rows.
  const listedKey = JSON.stringify(listed);
  const askedRows = Math.min(Math.max(Number(takenRows) || pageSize, pageSize), LIST_MAX_ROWS);
  const [first, setFirst] = useState({ key: listedKey, limit: askedRows });
  if (first.key !== listedKey) setFirst({ key: listedKey, limit: askedRows });

  const set = useCallback(
    (next: Partial<Record<K, string>>) => {
      const merged = { ...values, ...next };
      const starts: Partial<Record<K, string>> = initial?.() ?? {};
      const out = new URLSearchParams();
      search.forEach((value, key) => {
        if (key !== ROWS && !keys.includes(key as K)) out.append(key, value);
      });
      for (const key of keys) {
        if (merged[key]) out.set(key, merged[key]);
        // None, where the list would start with a value: written empty, so the list stays as chosen.
        else if (starts[key]) out.set(key, '');
      }
      setSearch(out, { replace: true });
    },
    // `values` is read from `search`; `keys` and `initial` are the page's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search, setSearch],
  );

  const showRows = useCallback(
    (count: number) => {
      if (count <= 0) return;
      const wanted = count > pageSize ? String(Math.min(count, LIST_MAX_ROWS)) : null;
      if (search.get(ROWS) === wanted) return;
      const out = new URLSearchParams(search);
      if (wanted) out.set(ROWS, wanted);
      else out.delete(ROWS);
      setSearch(out, { replace: true });
    },
    [search, setSearch, pageSize],
  );

  return { values, listed, errors, set, firstPageLimit: first.limit, showRows };
}
