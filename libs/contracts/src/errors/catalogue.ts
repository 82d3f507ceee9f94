/**
 * Errors as a catalogue: each domain lists, in one table, every error it answers with — its code, its HTTP
 * status and its message (the product's text, word for word) — and the services throw those entries
 * (server-kit's `AppError.of(entry, params)`), never a status or a loose string. One filter maps them.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** How a table states one error: its status, its message (or how to make it from the parameters), the field it is about. */
export interface ErrorSpec<P = void> {
  status: ErrorStatus;
  message: string | ((params: P) => string);
  /** A 400 about one form field: the answer's `errors` names it, so the form shows the message under it. */
  field?: string;
}

/** One error of a catalogue, ready to throw. */
export interface ErrorEntry<P = void> {
  /** `<domain>.<name>`, e.g. `finance.budgetExists`: unique across the product. */
  code: string;
  status: ErrorStatus;
  field?: string;
  message(params: P): string;
}

/** A message written as text takes no parameters; one made by a function takes what the function takes. */
type ParamsOf<S> = S extends { message: (params: infer P) => string } ? P : void;

export type ErrorCatalogue<T extends Record<string, ErrorSpec<never>>> = {
  readonly [K in keyof T]: ErrorEntry<ParamsOf<T[K]>>;
};

/** Turns a domain's table into its catalogue of entries (codes `<domain>.<name>`). */
export function defineErrors<T extends Record<string, ErrorSpec<never>>>(domain: string, table: T): ErrorCatalogue<T> {
  const out: Record<string, ErrorEntry<unknown>> = {};
  for (const [name, spec] of Object.entries(table)) {
    const message = spec.message;
    out[name] = {
      code: `${domain}.${name}`,
      status: spec.status,
      field: spec.field,
      message:
        typeof message === 'function'
          ? (params: unknown) => (message as (p: unknown) => string)(params)
          : () => message,
    };
  }
  return out as ErrorCatalogue<T>;
}
