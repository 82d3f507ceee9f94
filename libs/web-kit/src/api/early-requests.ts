/**
 * Early requests: when a page is opened again (a reload, a bookmark, a return after sign-in), the reads it
 * made the last time it was opened in this tab are sent again as soon as the shell's first script runs,
 * alongside the sign-in state, instead of one after the other once the app's code has loaded and the page
 * renders. On a slow connection each of those steps costs a round trip of half a second or more.
 *
 * What is remembered (in sessionStorage, per address, for the tab only) is the addresses of those reads,
 * never their answers: ids at most, no search text (a read with a `search` or `q` parameter is not
 * remembered). An answer is taken once, by the first read of exactly that address, within KEEP_MS;
 * otherwise it is dropped. A read whose early answer failed is simply sent again.
 *
 * This module imports nothing: the shell runs it before the shared libraries are negotiated, and every
 * copy of it (the shell's first script, the shared web-kit) works on one store kept on `globalThis`.
 */

/** The sign-in state: every page of the app reads it first. */
export const CURRENT_USER_URL = '/api/auth/user';
/**
 * Where the shell finds its sections' code (shell/src/remotes/remote-manifest.ts): a section waits for it
 * before it runs, so it goes first with a remembered address's reads (on HTTP/1.1 the browser opens at
 * most six connections to the server, and a read queued behind the others costs a round trip).
 */
export const REMOTE_MANIFEST_URL = '/remotes.json';

/** How long an early answer waits to be taken. */
export const KEEP_MS = 10_000;
/** After an address is opened, the reads of the next RECORD_MS (until the first click or key) are remembered. */
export const RECORD_MS = 5_000;
const STORAGE_KEY = 'kcf.early-requests';
const MAX_ADDRESSES = 20;
const MAX_READS = 8;
const PRIVATE_PARAMS = ['search', 'q'];

/** What an address needs: its reads, and the scripts (remote entries) it loaded. */
export interface EarlyRecord {
  reads: string[];
  scripts: string[];
}

interface Recording {
  path: string;
  record: EarlyRecord;
  stop: () => void;
}

interface Store {
  pending: Map<string, Promise<Response>>;
  recording: Recording | null;
  /** The page load's early requests were sent (by the first of the shell's scripts to run). */
  started: boolean;
}

const STORE = Symbol.for('kcf.early-requests');

function store(): Store {
  const global = globalThis as typeof globalThis & { [STORE]?: Store };
  return (global[STORE] ??= { pending: new Map(), recording: null, started: false });
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readAll(): Record<string, EarlyRecord> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, EarlyRecord>)
      : {};
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is EarlyRecord {
  const r = value as EarlyRecord | null;
  return typeof r === 'object' && r !== null && Array.isArray(r.reads) && Array.isArray(r.scripts);
}

/** What was remembered for `path` (nothing when storage is unavailable or holds something else). */
export function recordFor(path: string): EarlyRecord | null {
  const record = readAll()[path];
  return isRecord(record) ? record : null;
}

function remember(path: string, record: EarlyRecord): void {
  const all = readAll();
  delete all[path];
  all[path] = record;
  const paths = Object.keys(all);
  for (const old of paths.slice(0, Math.max(0, paths.length - MAX_ADDRESSES))) delete all[old];
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // A full or disabled storage only costs the speed-up.
  }
}

/** Same-origin reads without free text: the only ones remembered. */
function rememberable(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const query = url.indexOf('?');
  if (query === -1) return true;
  const params = new URLSearchParams(url.slice(query + 1));
  return !PRIVATE_PARAMS.some((name) => params.has(name));
}

function send(url: string): Promise<Response> {
  return fetch(url, { credentials: 'include', cache: 'no-cache' });
}

/** An answer nobody will read: its body is let go unread. */
function drop(answer: Promise<Response>): void {
  answer.then((res) => res.body?.cancel()).catch(() => undefined);
}

/** Keeps an early answer for KEEP_MS, then drops it. */
function keep(url: string, answer: Promise<Response>): void {
  const { pending } = store();
  pending.set(url, answer);
  answer.catch(() => undefined);
  const timer = setTimeout(() => {
    if (pending.get(url) !== answer) return;
    pending.delete(url);
    drop(answer);
  }, KEEP_MS);
  (timer as { unref?: () => void }).unref?.();
}

/**
 * Sends the reads remembered for `path` (and `always`: the sign-in state, the reads the page declares) and asks
 * for the scripts it loaded: first thing, by the shell's early script (build-kit's early-script-plugin.js) or
 * its main script, whichever runs first; once per page load. Returns false when they were already sent.
 *
 * `manifestInPage`: the page carries the remotes' manifest (the gateway wrote it in), so neither
 * `/remotes.json` nor the entries remembered from the last visit are asked for: the caller preloads the
 * section's code from the page's own manifest.
 */
export function startEarlyRequests(
  path: string,
  always: readonly string[] = [],
  doc: Pick<Document, 'createElement' | 'head'> | null = globalThis.document ?? null,
  { manifestInPage = false }: { manifestInPage?: boolean } = {},
): boolean {
  const s = store();
  if (s.started) return false;
  s.started = true;
  const record = recordFor(path);
  // A remembered address is a page opened signed in: its section's code needs the manifest first.
  const manifest = record && !manifestInPage ? [REMOTE_MANIFEST_URL] : [];
  const reads = new Set([...always, ...manifest, ...(record?.reads ?? [])]);
  for (const url of reads) if (rememberable(url)) keep(url, send(url));
  for (const src of manifestInPage ? [] : (record?.scripts ?? [])) {
    if (!doc || !rememberable(src)) continue;
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'script');
    link.setAttribute('href', src);
    doc.head.appendChild(link);
  }
  return true;
}

/** The early answer for `url`, taken (a second read of it goes to the network), or undefined. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const { pending } = store();
  const answer = pending.get(url);
  if (answer) pending.delete(url);
  return answer;
}

/**
 * A read: the early answer when one was sent for exactly this address and came, else a fetch. Remembered
 * for the address being recorded.
 */
export async function readResponse(url: string, init: RequestInit = {}): Promise<Response> {
  noteRead(url);
  const early = takeEarly(url);
  if (early) {
    try {
      return await early;
    } catch {
      // The early one was lost (a dropped connection): this read goes as usual.
    }
  }
  return fetch(url, { credentials: 'include', ...init });
}

/** Remembers an address (a read, or a script the page needed) for the address being recorded. */
function note(kind: keyof EarlyRecord, address: string): void {
  const recording = store().recording;
  if (!recording || !rememberable(address)) return;
  const list = recording.record[kind];
  if (list.includes(address) || list.length >= MAX_READS) return;
  list.push(address);
  remember(recording.path, recording.record);
}

/** Remembers a read for the address being recorded. */
export const noteRead = (url: string): void => note('reads', url);

/** Remembers a script (a remote's entry) the address being recorded needed. */
export const noteScript = (src: string): void => note('scripts', src);

/**
 * Starts remembering what `path` reads, in place of the address recorded before (the same address goes on
 * being recorded): until the first click, touch or key (what follows is the person's doing, not the
 * page's), or RECORD_MS. Each read is stored as it is noted, so a reload right away finds it; the first
 * one replaces what the address had before.
 */
export function recordAddress(
  path: string,
  target: Pick<Document, 'addEventListener' | 'removeEventListener'> | null = globalThis.document ?? null,
): void {
  const s = store();
  if (s.recording?.path === path) return;
  s.recording?.stop();
  const record: EarlyRecord = { reads: [], scripts: [] };
  const events = ['pointerdown', 'keydown'] as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recording: Recording = {
    path,
    record,
    stop: () => {
      if (s.recording !== recording) return;
      s.recording = null;
      clearTimeout(timer);
      for (const name of events) target?.removeEventListener(name, recording.stop, true);
    },
  };
  s.recording = recording;
  timer = setTimeout(recording.stop, RECORD_MS);
  for (const name of events) target?.addEventListener(name, recording.stop, true);
}

/** Forgets every remembered address and unsent answer (at sign-out, before the page is left). */
export function forgetEarlyRequests(): void {
  const s = store();
  s.recording?.stop();
  s.started = false;
  for (const [url, answer] of s.pending) {
    s.pending.delete(url);
    drop(answer);
  }
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
