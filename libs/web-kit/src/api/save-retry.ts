/**
 * How a save (any method but GET) is tried again. Every save carries an `Idempotency-Key` made once when it
 * is submitted; the server keeps the answer with the key, so sending the same key and body again can never
 * do the work twice. A save is tried again only when its outcome is unknown or the server asked to be asked
 * again later — never for an answer that decided something.
 */
import { nowMs } from '../time/clock';

/** The request header that names one save across its tries. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The waits before each retry of a save: 4 retries after the first try, 5 tries in all (about 7.5 s). */
export const SAVE_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

/** The longest wait a `Retry-After` can ask for between two tries of a save. */
export const MAX_RETRY_AFTER_MS = 5000;

/**
 * A fresh idempotency key: a UUID v4 from 16 bytes of `crypto.getRandomValues` (`crypto.randomUUID` only
 * exists in secure contexts, and the foundation opens the app over plain http on its LAN).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  let hex = '';
  for (const byte of bytes) hex += (byte + 0x100).toString(16).slice(1);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * No answer came (fetch rejected with a TypeError: dropped connection, reset, DNS). Not an OfflineError
 * (nothing was sent) and not an abort. By name, since a TypeError may come from another realm.
 */
export function isLostAnswer(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'TypeError';
}

/** The `Retry-After` of an answer in ms (seconds or an HTTP date), or undefined when there is none. */
export function retryAfterMs(res: Response): number | undefined {
  const value = res.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs());
}

/**
 * An answer that leaves the save to be tried again: 502 (the service failed mid-request, outcome unknown),
 * 503 (briefly unavailable or busy), 504 (timed out), and 409 with `Retry-After` (the first try of this key
 * is still running). A 409 without `Retry-After` is a real conflict and is final, like every other answer.
 */
export function isRetryableAnswer(res: Response): boolean {
  if (res.status === 502 || res.status === 503 || res.status === 504) return true;
  return res.status === 409 && retryAfterMs(res) !== undefined;
}

/** How long to wait before retry number `retry` (0-based): the schedule, or longer when the server asks. */
export function saveRetryDelay(retry: number, res?: Response): number {
  const scheduled = SAVE_RETRY_DELAYS_MS[retry];
  const asked = res ? retryAfterMs(res) : undefined;
  return asked === undefined ? scheduled : Math.max(scheduled, Math.min(asked, MAX_RETRY_AFTER_MS));
}

/** Waits `ms`, ending early when the browser goes offline or the request is cancelled (the caller checks). */
export function waitBeforeRetry(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const win = typeof window !== 'undefined' ? window : undefined;
    const done = () => {
      clearTimeout(timer);
      win?.removeEventListener('offline', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    win?.addEventListener('offline', done);
    signal?.addEventListener('abort', done);
  });
}
