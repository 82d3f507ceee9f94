import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { earlyScript } = require('./early-script-plugin.js');

/** A page's globals, as much as the early script touches: storage with a remembered address, fetch, the head. */
function page(
  path: string,
  remembered: Record<string, { reads: string[]; scripts: string[] }>,
  manifest: unknown = null,
) {
  const items = new Map<string, string>([['kcf.early-requests', JSON.stringify(remembered)]]);
  const fetched: string[] = [];
  const links: Array<Record<string, string>> = [];
  const globals = {
    location: { pathname: path, search: '' },
    sessionStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    },
    fetch: (url: string) => {
      fetched.push(url);
      return new Promise(() => undefined);
    },
    document: {
      // The remotes' manifest the gateway writes into the page (contracts' page-manifest.ts).
      querySelector: (selector: string) =>
        selector === 'meta[name="kcf-remotes"]' && manifest ? { getAttribute: () => JSON.stringify(manifest) } : null,
      head: { appendChild: (link: { attributes: Record<string, string> }) => links.push(link.attributes) },
      createElement: () => {
        const attributes: Record<string, string> = {};
        return { attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    URLSearchParams,
    Symbol,
    JSON,
  };
  return { globals, fetched, links };
}

/** This year on the foundation's calendar: /budget opens with it. */
const thisYear = new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(new Date());

describe('the early script', () => {
  it('runs on its own, before any other script, and sends what the page declares and what the opened address read last time', () => {
    const { globals, fetched, links } = page('/budget', {
      '/budget': { reads: ['/api/budgets?year=2019'], scripts: ['/remotes/finance/remoteEntry.js?v=0123456789abcdef'] },
    });
    runInNewContext(earlyScript(), { ...globals, globalThis: globals });
    expect(fetched).toEqual([
      '/api/auth/user',
      `/api/budgets?year=${thisYear}`,
      '/remotes.json',
      '/api/budgets?year=2019',
    ]);
    expect(links).toEqual([
      { rel: 'preload', as: 'script', href: '/remotes/finance/remoteEntry.js?v=0123456789abcdef' },
    ]);
  });

  it("asks for the section's code as the manifest in the page lists it, and never for /remotes.json", () => {
    const manifest = {
      mf_finance: {
        entry: '/remotes/finance/remoteEntry.js?v=1111222233334444',
        exposes: { './BudgetPage': ['/remotes/finance/14.228cf104.js', '/zod.25c75e22.js'] },
      },
    };
    const { globals, fetched, links } = page('/budget', {}, manifest);
    runInNewContext(earlyScript(), { ...globals, globalThis: globals });
    expect(fetched).toEqual(['/api/auth/user', `/api/budgets?year=${thisYear}`]);
    expect(links.map((link) => link.href)).toEqual([
      '/remotes/finance/remoteEntry.js?v=1111222233334444',
      '/remotes/finance/14.228cf104.js',
      '/zod.25c75e22.js',
    ]);
  });

  it("is small: it travels on every first visit (beside the shell's code, compressed)", () => {
    expect(Buffer.byteLength(gzipSync(earlyScript()))).toBeLessThan(5 * 1024);
  });
});
