import { OfflineError } from './offline-error';

/**
 * A non-OK HTTP response. `message` is always `<status>: <body text, or status text if the
 * body is empty>`; `body` holds the parsed JSON body when the server sent JSON, else the raw text.
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

/** A session that ended on the server: a message starting with 401 and containing "Unauthorized". */
export function isUnauthorizedError(err: unknown): boolean {
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
