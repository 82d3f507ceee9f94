import { ApiError } from './api-error';
import { OfflineError, browserIsOffline } from './offline-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Cancels the request (react-query passes one to every query function). */
  signal?: AbortSignal;
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

/** Throws an ApiError for any non-OK response: `<status>: <body text, or status text if empty>`. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseBody(text, isJson(res)));
}

/**
 * One call to the API (spec §7). Session cookies always travel; a body is sent as JSON with a JSON
 * content type only when one is given; FormData goes as multipart, its boundary set by the browser.
 * Resolves to the parsed JSON, the text of a non-JSON body, or undefined for 204 and empty bodies.
 * A change (any method but GET) is not sent while the browser is offline: it fails at once with an
 * OfflineError saying the changes were not saved, instead of waiting on a connection that is not there.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  if (method !== 'GET' && browserIsOffline()) throw new OfflineError();
  const init: RequestInit = { method, credentials: 'include', signal: options.signal };
  if (isFormData(body)) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  const res = await fetch(url, init);
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (text === '') return undefined as T;
  return (isJson(res) ? JSON.parse(text) : text) as T;
}

/** A GET whose answer is a file (downloads, photos), with the same session and error rules. */
export async function apiBlob(url: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const res = await fetch(url, { method: 'GET', credentials: 'include', signal: options.signal });
  await throwIfNotOk(res);
  return res.blob();
}
