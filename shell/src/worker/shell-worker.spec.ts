/**
 * @jest-environment node
 */
import { answersWithShell, CACHE_NAME, filesNamedBy, isShellAnswer, SHELL_KEY, startShellWorker } from './shell-worker';
import { pageManifestTag } from '@kcf/contracts/page-manifest';

const ORIGIN = 'https://kcf.example';
const SHELL =
  '<html><head><script async src="/early.1b16429a.js"></script><link href="/bootstrap.515ddce2.css" rel="stylesheet"><script defer src="/main.0a1b2c3d.js"></script></head><body><div id="root"></div></body></html>';

describe('which page loads the worker answers', () => {
  it.each(['/beneficiaries', '/beneficiaries/KCF-000001', '/finances', '/login', '/change-password'])(
    'a page of the app: %s',
    (path) => {
      expect(answersWithShell(`${ORIGIN}${path}?tab=1`, ORIGIN)).toBe(true);
    },
  );
  it.each([
    '/',
    '/api/auth/user',
    '/download/x.pdf',
    '/uploads/a',
    '/remotes/finance/remoteEntry.js',
    '/main.0a1b2c3d.js',
    '/health/ready',
  ])('the server decides: %s', (path) => {
    expect(answersWithShell(`${ORIGIN}${path}`, ORIGIN)).toBe(false);
  });
  it('not another origin', () => {
    expect(answersWithShell('https://elsewhere.example/beneficiaries', ORIGIN)).toBe(false);
  });
});

const answer = (
  over: Partial<{ status: number; type: string; redirected: boolean; headers: Record<string, string> }> = {},
) => {
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    ...over.headers,
  });
  return { status: 200, type: 'basic', redirected: false, ...over, headers };
};

describe('which answer is kept as the copy of the shell', () => {
  it('a plain 200 HTML page', () => expect(isShellAnswer(answer())).toBe(true));
  it.each([
    ['an error page', answer({ status: 503 })],
    ['a redirect followed', answer({ redirected: true })],
    ['not HTML', answer({ headers: { 'content-type': 'application/json' } })],
    ['an answer not to be stored', answer({ headers: { 'cache-control': 'no-store' } })],
    ["a person's own page", answer({ headers: { 'cache-control': 'private, max-age=0' } })],
    ['an opaque answer', answer({ type: 'opaqueredirect' })],
  ])('not %s', (_what, res) => expect(isShellAnswer(res)).toBe(false));
});

it("names the shell's own scripts and style sheets, not other sites' nor inline ones", () => {
  expect(
    filesNamedBy(
      `${SHELL}<script src="https://cdn.example/x.js"></script><script>1</script><link rel="icon" href="/favicon.ico">`,
    ),
  ).toEqual(['/early.1b16429a.js', '/bootstrap.515ddce2.css', '/main.0a1b2c3d.js']);
});

/** An answer as fetch gives it from the same origin (a constructed Response says type "default"). */
function fromServer(body: string, init: ResponseInit = {}): Response {
  const res = new Response(body, { ...init, headers: { 'content-type': 'text/html', ...init.headers } });
  Object.defineProperty(res, 'type', { value: 'basic' });
  return res;
}

/** A worker scope, the Cache Storage and the network, in memory: what startShellWorker does with a page load. */
function worker(options: { copy?: string; inHttpCache?: string[]; server?: () => Promise<Response> }) {
  const stores = new Map<string, Map<string, Response>>([
    [CACHE_NAME, new Map()],
    ['kcf-shell-0', new Map()],
    ['another-app', new Map()],
  ]);
  if (options.copy !== undefined)
    stores.get(CACHE_NAME)!.set(SHELL_KEY, new Response(options.copy, { headers: { 'content-type': 'text/html' } }));
  const listeners = new Map<string, (event: never) => void>();
  const serverCalls: string[] = [];
  const g = globalThis as unknown as Record<string, unknown>;
  g.caches = {
    open: async (name: string) => {
      const store = stores.get(name)!;
      return {
        match: async (key: string) => store.get(key)?.clone(),
        put: async (key: string, res: Response) => void store.set(key, res),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  g.fetch = async (input: string | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.url;
    if (init?.cache === 'only-if-cached')
      return new Response('', { status: (options.inHttpCache ?? []).includes(url) ? 200 : 504 });
    serverCalls.push(url);
    return (options.server ?? (async () => fromServer('<html>fresh</html>')))();
  };
  const scope = {
    location: { origin: ORIGIN },
    registration: { navigationPreload: { enable: async () => undefined } },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, listener),
  };
  startShellWorker(scope as never);
  /** A page load of `path`: the worker's answer (null when it leaves the request to the browser). */
  const open = async (
    path: string,
    mode = 'navigate',
  ): Promise<{ answer: Response | null; settled: Promise<unknown> }> => {
    let answer: Promise<Response> | null = null;
    const work: Promise<unknown>[] = [];
    listeners.get('fetch')!({
      request: { url: `${ORIGIN}${path}`, mode, method: 'GET' },
      preloadResponse: Promise.resolve(undefined),
      respondWith: (a: Promise<Response>) => (answer = a),
      waitUntil: (w: Promise<unknown>) => work.push(w),
    } as never);
    return { answer: answer ? await answer : null, settled: Promise.all(work) };
  };
  const install = async () => {
    const work: Promise<unknown>[] = [];
    listeners.get('install')!({ waitUntil: (w: Promise<unknown>) => work.push(w) } as never);
    await Promise.all(work);
  };
  const activate = async () => {
    const work: Promise<unknown>[] = [];
    listeners.get('activate')!({ waitUntil: (w: Promise<unknown>) => work.push(w) } as never);
    await Promise.all(work);
  };
  return { open, install, activate, stores, serverCalls };
}

describe('a page load', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).caches;
  });
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it("with no copy yet: the server's answer, which becomes the copy", async () => {
    const w = worker({});
    const { answer, settled } = await w.open('/beneficiaries');
    expect(await answer!.text()).toBe('<html>fresh</html>');
    await settled;
    expect(await w.stores.get(CACHE_NAME)!.get(SHELL_KEY)!.clone().text()).toBe('<html>fresh</html>');
  });

  it("keeps the server's page without the remotes' manifest written into it: the page answered has it, a page from the copy asks for it", async () => {
    const manifest = pageManifestTag(
      JSON.stringify({ mf_finance: { entry: '/remotes/finance/remoteEntry.js?v=0123456789abcdef' } }),
    );
    const page = `<html><head>${manifest}<script async src="/early.1b16429a.js"></script></head></html>`;
    const w = worker({ server: async () => fromServer(page, { headers: { 'content-length': String(page.length) } }) });
    const { answer, settled } = await w.open('/finances');
    expect(await answer!.text()).toBe(page);
    await settled;
    const copy = w.stores.get(CACHE_NAME)!.get(SHELL_KEY)!.clone();
    expect(await copy.text()).toBe('<html><head><script async src="/early.1b16429a.js"></script></head></html>');
    expect(copy.headers.get('content-type')).toBe('text/html');
    expect(copy.headers.get('content-length')).toBeNull();
  });

  it("with a copy whose files are all in the browser's cache: the copy at once; the server's answer replaces it", async () => {
    const w = worker({
      copy: SHELL,
      inHttpCache: filesNamedBy(SHELL),
      server: () => new Promise((resolve) => setTimeout(() => resolve(fromServer('<html>v2</html>')), 50)),
    });
    const { answer, settled } = await w.open('/budget');
    expect(await answer!.text()).toBe(SHELL);
    expect(w.serverCalls).toEqual([`${ORIGIN}/budget`]);
    await settled;
    expect(await w.stores.get(CACHE_NAME)!.get(SHELL_KEY)!.clone().text()).toBe('<html>v2</html>');
  });

  it("with a copy naming a file the browser's cache no longer has (a deploy since): the server's answer", async () => {
    const w = worker({ copy: SHELL, inHttpCache: ['/early.1b16429a.js', '/bootstrap.515ddce2.css'] });
    const { answer } = await w.open('/gifts');
    expect(await answer!.text()).toBe('<html>fresh</html>');
  });

  it('an error page from the server is shown, never kept', async () => {
    const w = worker({ copy: SHELL, inHttpCache: [], server: async () => fromServer('down', { status: 503 }) });
    const { answer, settled } = await w.open('/users');
    expect(answer!.status).toBe(503);
    await settled;
    expect(await w.stores.get(CACHE_NAME)!.get(SHELL_KEY)!.clone().text()).toBe(SHELL);
  });

  it('leaves to the browser the landing page, the API, files and every request that is not a page load', async () => {
    const w = worker({ copy: SHELL, inHttpCache: filesNamedBy(SHELL) });
    expect((await w.open('/')).answer).toBeNull();
    expect((await w.open('/api/beneficiaries/KCF-000001/photo')).answer).toBeNull();
    expect((await w.open('/download/report.pdf')).answer).toBeNull();
    expect((await w.open('/beneficiaries', 'cors')).answer).toBeNull();
    expect(w.serverCalls).toEqual([]);
  });

  it('on installing, fetches the shell once, so the next page load already has a copy', async () => {
    const w = worker({});
    await w.install();
    expect(w.serverCalls).toEqual(['/login']);
    expect(await w.stores.get(CACHE_NAME)!.get(SHELL_KEY)!.clone().text()).toBe('<html>fresh</html>');
  });

  it('installs without a copy when the network is down (the next page load fetches it)', async () => {
    const w = worker({ server: () => Promise.reject(new TypeError('Failed to fetch')) });
    await w.install();
    expect(w.stores.get(CACHE_NAME)!.has(SHELL_KEY)).toBe(false);
  });

  it("on activation, deletes a former worker's cache and keeps its own and any other", async () => {
    const w = worker({ copy: SHELL });
    await w.activate();
    expect([...w.stores.keys()]).toEqual([CACHE_NAME, 'another-app']);
  });
});
