/**
 * The shell's service worker (`/sw.js`, built by build-kit's shell-worker-plugin.js): a page of the app opened
 * again (a reload, a bookmark, a return after sign-in) is answered at once with the copy of the shell's
 * index.html this browser already has, while the same request goes to the server (navigation preload) and its
 * answer replaces the copy for the next time (the first copy is fetched when the worker installs). On slow mobile data that saves the page's first round trip:
 * the shell's first script runs, and its reads leave, half a second or more sooner.
 *
 * It keeps nothing but the shell's index.html, which is the same for everyone and holds no one's data. Every
 * other request (the API, files, scripts) goes to the network as if there were no worker: a static route says
 * so, and the fetch handler does not touch them where routes are not supported. `/` is left to the server (it
 * answers a signed-out visitor with the landing page), and so is anything the server owns (`isAppPage`).
 *
 * A copy is used only while every script and style sheet it names is still in the browser's cache (a copy
 * from before a deploy names files the server may no longer have); else the page waits for the server. The copy
 * is kept without the remotes' manifest the gateway writes into each page (contracts' page-manifest.ts): a
 * remote may be deployed after the copy was made, so a page answered from it asks `/remotes.json` instead.
 */
import { isAppPage } from '@kcf/contracts/app-pages';
import { withoutPageManifest } from '@kcf/contracts/page-manifest';

/** The one cache the worker keeps; another cache of the same family is a former worker's and is deleted. */
export const CACHE_NAME = 'kcf-shell-1';
const CACHE_FAMILY = 'kcf-shell-';
/** The copy's key in that cache (not an address anyone opens). */
export const SHELL_KEY = '/__shell__/index.html';

/** A page whose answer is the shell for everyone, signed in or not: fetched once when the worker installs. */
export const SHELL_PAGE = '/login';

/** Whether the worker answers this navigation with its copy of the shell. */
export function answersWithShell(url: string, origin: string): boolean {
  const u = new URL(url);
  return u.origin === origin && u.pathname !== '/' && isAppPage(u.pathname);
}

interface AnswerLike {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/** Whether a server's answer to a page is the shell, fit to keep: a plain 200 HTML page, not a redirect, not cached privately. */
export function isShellAnswer(res: AnswerLike): boolean {
  const type = res.headers.get('content-type') ?? '';
  const cacheControl = res.headers.get('cache-control') ?? '';
  return (
    res.status === 200 &&
    res.type === 'basic' &&
    !res.redirected &&
    type.startsWith('text/html') &&
    !/\b(no-store|private)\b/.test(cacheControl)
  );
}

/** The same-origin scripts and style sheets a copy of the shell names (what must be in cache to use it). */
export function filesNamedBy(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"/][^"]*\.(?:js|css))"/g))
    files.add(match[1]);
  return [...files];
}

/* The few worker types used here (the shell's TypeScript settings describe a window, not a worker). */
interface FetchEventLike {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(answer: Promise<Response>): void;
  waitUntil(work: Promise<unknown>): void;
}
interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void;
  addRoutes?: (rules: unknown[]) => Promise<void>;
}
interface WorkerScope {
  location: { origin: string };
  registration: { navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

/** Whether every file the copy names is in the browser's cache (looked up there only, never fetched). */
async function filesCached(html: string): Promise<boolean> {
  const found = await Promise.all(
    filesNamedBy(html).map((file) =>
      fetch(file, { cache: 'only-if-cached', mode: 'same-origin' })
        .then((res) => {
          res.body?.cancel().catch(() => undefined);
          return res.ok;
        })
        .catch(() => false),
    ),
  );
  return found.every(Boolean);
}

/** The copy of a shell answer: its page without the remotes' manifest, with the answer's status and type. */
export async function shellCopy(res: Response): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(withoutPageManifest(await res.clone().text()), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}

/** Keeps `res` as the copy when it is the shell. */
async function keepIfShell(res: Response): Promise<Response> {
  if (isShellAnswer(res)) await (await caches.open(CACHE_NAME)).put(SHELL_KEY, await shellCopy(res));
  return res;
}

/** The page's answer: the copy when there is a usable one, else the server's; the server's replaces the copy. */
async function answerPage(event: FetchEventLike): Promise<Response> {
  const kept = event.preloadResponse.then((preloaded) => preloaded ?? fetch(event.request)).then(keepIfShell);
  event.waitUntil(kept.catch(() => undefined));
  const copy = await (await caches.open(CACHE_NAME)).match(SHELL_KEY);
  if (copy) {
    const html = await copy.clone().text();
    if (await filesCached(html)) return copy;
  }
  return kept;
}

export function startShellWorker(scope: WorkerScope): void {
  scope.addEventListener('install', (event) => {
    event.waitUntil(
      Promise.all([
        // Everything but page loads goes straight to the network, without waking the worker (where supported).
        event
          .addRoutes?.([{ condition: { not: { requestMode: 'navigate' } }, source: 'network' }])
          .catch(() => undefined),
        // The first copy (the page that registered the worker has just loaded the files it names), so that the
        // next page load already has it; without the network now, the next page load fetches it.
        fetch(SHELL_PAGE, { credentials: 'same-origin' })
          .then(keepIfShell)
          .catch(() => undefined),
        scope.skipWaiting(),
      ]),
    );
  });
  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        await scope.registration.navigationPreload?.enable();
        for (const name of await caches.keys())
          if (name.startsWith(CACHE_FAMILY) && name !== CACHE_NAME) await caches.delete(name);
        await scope.clients.claim();
      })(),
    );
  });
  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (
      request.mode !== 'navigate' ||
      request.method !== 'GET' ||
      !answersWithShell(request.url, scope.location.origin)
    )
      return;
    event.respondWith(answerPage(event));
  });
}
