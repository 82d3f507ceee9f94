import { OfflineError } from './offline-error';

/**
 * A non-OK HTTP response. `message` is what a person may read (`apiErrorText`): the server's `message`, or a
 * plain sentence for the status, never the status code itself; `body` holds the parsed JSON body when the server
 * sent JSON, else the raw text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

function messageField(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** What a person reads when the server said nothing they could: a plain sentence for the status. */
export function plainErrorText(status: number): string {
  if (status === 401) return 'Unauthorized';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'It could not be found.';
  if (status === 408 || status === 504) return 'The server took too long to answer. Please try again.';
  if (status === 413) return 'The file is too large.';
  if (status === 429) return 'Too many attempts, please try again later.';
  if (status >= 500) return 'The server could not answer. Please try again.';
  if (status === 409) return 'It was changed meanwhile. Please try again.';
  return 'The request was not accepted.';
}

/** The text of a failed answer (the message of its ApiError): the server's JSON `message`, else `plainErrorText`. */
export function apiErrorText(status: number, body: unknown): string {
  return messageField(body) ?? plainErrorText(status);
}

/**
 * The server's JSON `message` carried by an API error, or `fallback` when there is none
 * (screens show "the server's message or '<fallback>'"). A request that was not sent because the
 * browser is offline says so instead (see OfflineError).
 */
export function errorMessageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return messageField(err.body) ?? fallback;
  if (err instanceof OfflineError) return err.message;
  if (err instanceof Error) {
    // An error re-thrown by other code may only keep the `<status>: <body>` message text.
    const match = /^\d{3}: (\{[\s\S]*\})$/.exec(err.message);
    if (match) {
      try {
        return messageField(JSON.parse(match[1])) ?? fallback;
      } catch {
        return fallback;
      }
    }
  }
  return fallback;
}

/**
 * A session that ended on the server: a 401 whose message says "Unauthorized" (a 401 with another message, such as
 * a refused sign-in's "Invalid credentials", is not), or an error re-thrown with only the text `401: … Unauthorized`.
 */
export function isUnauthorizedError(err: unknown): boolean {
  if (err instanceof ApiError)
    return err.status === 401 && (messageField(err.body) ?? err.message).includes('Unauthorized');
  if (!(err instanceof Error)) return false;
  return err.message.startsWith('401') && err.message.includes('Unauthorized');
}

/**
 * A signed-in user who must change their password first: every call but those open to any signed-in user
 * (reading who is signed in, changing the password, signing out) answers 403 `{message: "Password change required"}`.
 */
export function isPasswordChangeRequiredError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && errorMessageOf(err, '') === 'Password change required';
}

/** The request never reached the server (offline, DNS, refused connection): no HTTP status at all. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError;
}
