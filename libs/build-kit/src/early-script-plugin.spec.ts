import { runInNewContext } from 'node:vm';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { earlyScript } = require('./early-script-plugin.js');

/** A page's globals, as much as the early script touches: storage with a remembered address, fetch, the head. */
function page(path: string, remembered: Record<string, { reads: string[]; scripts: string[] }>) {
  const items = new Map<string, string>([['kcf.early-requests', JSON.stringify(remembered)]]);
  const fetched: string[] = [];
  const links: Array<Record<string, string>> = [];
  const globals = {
    location: { pathname: path },
    sessionStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) },
    fetch: (url: string) => {
      fetched.push(url);
      return new Promise(() => undefined);
    },
    document: {
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

describe('the early script', () => {
  it('runs on its own, before any other script, and sends what the opened address read last time', () => {
    const { globals, fetched, links } = page('/budget', {
      '/budget': { reads: ['/api/budgets?year=2026'], scripts: ['/remotes/finance/remoteEntry.js?v=0123456789abcdef'] },
    });
    runInNewContext(earlyScript(), { ...globals, globalThis: globals });
    expect(fetched).toEqual(['/api/auth/user', '/remotes.json', '/api/budgets?year=2026']);
    expect(links).toEqual([{ rel: 'preload', as: 'script', href: '/remotes/finance/remoteEntry.js?v=0123456789abcdef' }]);
  });

  it('is small: it travels on every first visit', () => {
    expect(Buffer.byteLength(earlyScript())).toBeLessThan(4 * 1024);
  });
});
