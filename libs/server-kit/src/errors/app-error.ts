import type { ErrorEntry } from '@kcf/contracts';

/** Every error a domain can raise, by code. One table maps codes to HTTP statuses. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The same Idempotency-Key with other content. */
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UPSTREAM_UNAVAILABLE: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  /** The catalogue entry's code (`finance.budgetExists`) when made with `of`. */
  entryCode?: string;
  private statusOverride?: number;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return this.statusOverride ?? ERROR_STATUS[this.code];
  }

  /**
   * The error of a domain's catalogue (libs/contracts `defineErrors`): its status and message, and, for an
   * entry about a form field, `errors` naming that field.
   */
  static of<P>(entry: ErrorEntry<P>, ...params: undefined extends P ? [params?: P] : [params: P]): AppError {
    const message = entry.message(params[0] as P);
    const error = new AppError(
      codeOfStatus(entry.status),
      message,
      entry.field ? [{ path: entry.field, message }] : undefined,
    );
    error.statusOverride = entry.status;
    error.entryCode = entry.code;
    return error;
  }

  /** A refusal (4xx) another service answered, passed on as it came: its status, message and field errors. */
  static passedOn(status: number, message: string, errors?: FieldError[]): AppError {
    const error = new AppError(codeOfStatus(status), message, errors);
    error.statusOverride = status;
    return error;
  }

  /** A body or query that did not validate: the schema's messages, one per field, the first as the headline. */
  static validation(errors: FieldError[]): AppError {
    return new AppError('VALIDATION', errors[0]?.message ?? 'Invalid request', errors);
  }
}

/** The HTTP-shaped code of a status (for errors made from a catalogue entry). */
function codeOfStatus(status: number): ErrorCode {
  const found = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return found ?? 'BAD_REQUEST';
}
