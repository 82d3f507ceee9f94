import { ApiError, apiErrorText } from './api-error';
import { readResponse } from './early-requests';
import { OfflineError, browserIsOffline } from './offline-error';
import {
  IDEMPOTENCY_KEY_HEADER,
  SAVE_RETRY_DELAYS_MS,
  isLostAnswer,
  isRetryableAnswer,
  newIdempotencyKey,
  saveRetryDelay,
  waitBeforeRetry,
} from './save-retry';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Cancels the request (react-query passes one to every query function). */
  signal?: AbortSignal;
  /** How a save waits between its tries (tests pass one that does not sleep). */
  waitBeforeRetry?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

function isJson(res: Response): boolean {
  const type = res.headers.get('content-type') ?? '';
  return /[/+]json\b/i.test(type);
}

function parseBody(text: string, json: boolean): unknown {
  if (!json || text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Throws an ApiError for any non-OK response, its message the server's `message` or a plain sentence (`apiErrorText`). */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  const body = parseBody(text, isJson(res));
  throw new ApiError(res.status, apiErrorText(res.status, body), body);
}

/**
 * One call to the API. Session cookies always travel; a body is sent as JSON with a JSON
 * content type only when one is given; FormData goes as multipart, its boundary set by the browser.
 * Resolves to the parsed JSON, the text of a non-JSON body, or undefined for 204 and empty bodies.
 * A change (any method but GET) is not sent while the browser is offline: it fails at once with an
 * OfflineError saying the changes were not saved, instead of waiting on a connection that is not there.
 *
 * A change carries an `Idempotency-Key` made once per call, and is sent again with the same key and the
 * same body when no answer came (dropped connection) or the answer was 502, 503, 504 or 409 with
 * `Retry-After` — up to 4 more times, after 0.5, 1, 2 and 4 s (longer when `Retry-After` asks, at most
 * 5 s), while the caller keeps waiting. If the browser goes offline meanwhile it stops with an
 * OfflineError; after the last try the last failure is thrown as usual. Reads are tried once here (their
 * retries are react-query's, see network-policy.ts); a read's answer may have been asked for early
 * (early-requests.ts).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const isSave = method !== 'GET';
  if (isSave && browserIsOffline()) throw new OfflineError();
  const headers: Record<string, string> = {};
  const init: RequestInit = { method, credentials: 'include', signal: options.signal, headers };
  if (isFormData(body)) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (isSave) headers[IDEMPOTENCY_KEY_HEADER] = newIdempotencyKey();
  const retries = isSave ? SAVE_RETRY_DELAYS_MS.length : 0;
  const wait = options.waitBeforeRetry ?? waitBeforeRetry;

  for (let retry = 0; ; retry++) {
    let res: Response;
    try {
      res = isSave ? await fetch(url, init) : await readResponse(url, init);
    } catch (err) {
      if (retry >= retries || !isLostAnswer(err)) throw err;
      await pauseBeforeRetry(wait, saveRetryDelay(retry), options.signal);
      continue;
    }
    if (retry < retries && isRetryableAnswer(res)) {
      await res.body?.cancel().catch(() => undefined);
      await pauseBeforeRetry(wait, saveRetryDelay(retry, res), options.signal);
      continue;
    }
    await throwIfNotOk(res);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (text === '') return undefined as T;
    return (isJson(res) ? JSON.parse(text) : text) as T;
  }
}

/** Waits before a save's next try; stops with an OfflineError when the browser is (or goes) offline. */
async function pauseBeforeRetry(
  wait: (ms: number, signal?: AbortSignal) => Promise<void>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (browserIsOffline()) throw new OfflineError();
  await wait(ms, signal);
  if (signal?.aborted) throw signal.reason;
  if (browserIsOffline()) throw new OfflineError();
}

/** A GET whose answer is a file (downloads, photos), with the same session and error rules. */
export async function apiBlob(url: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const res = await fetch(url, { method: 'GET', credentials: 'include', signal: options.signal });
  await throwIfNotOk(res);
  return res.blob();
}
