import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startStaticServer } from '@kcf/static-server';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { pageManifestTag } from '@kcf/contracts';
import { HASHED_JS, PLAIN_TEXT, REMOTE_CHUNK, SHELL_INDEX } from './static-fixtures';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('gateway static hosting', () => {
  let h: GatewayHarness;
  let adminStatic: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    // The admin remote runs on its own static server; the other two are served from disk.
    const { createStaticFixtures } = await import('./static-fixtures');
    const adminFiles = createStaticFixtures();
    adminStatic = await startStaticServer({ PORT: 0, HOST: '127.0.0.1', STATIC_DIR: adminFiles.remote('admin') });
    h = await startHarness({
      REMOTE_ADMIN_URL: adminStatic.url,
      REMOTE_ENTRY_FINANCE: 'https://cdn.example.org/finance/remoteEntry.js',
      REMOTE_VERSION_FINANCE: '1.2.0',
      CSP_EXTRA_SCRIPT_SRC: 'https://cdn.example.org',
    });
  });
  afterAll(async () => {
    await h.stop();
    await adminStatic.close();
  });

  /** The shell's index.html as the gateway serves a page of the app: with the manifest /remotes.json answers. */
  const appPage = async () => {
    const manifest = (await call(h.url, 'GET', '/remotes.json')).text;
    return SHELL_INDEX.replace('<script', `${pageManifestTag(manifest)}<script`);
  };

  it('serves the shell with index.html revalidated and hashed files cached for a year', async () => {
    const index = await call(h.url, 'GET', '/', { headers: { cookie: 'kcf_sid=abc' } });
    expect(index.status).toBe(200);
    expect(index.text).toBe(await appPage());
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    const js = await call(h.url, 'GET', `/${HASHED_JS}`);
    expect(js.status).toBe(200);
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await call(h.url, 'GET', '/favicon.ico')).headers['cache-control']).toBe('no-cache');
    const head = await call(h.url, 'HEAD', `/${HASHED_JS}`);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(js.body.length);
  });

  it('answers a client-side route with index.html, and a missing file or server path with 404', async () => {
    for (const path of ['/beneficiaries', '/beneficiaries/KCF-000001', '/finances?tab=income', '/users']) {
      const res = await call(h.url, 'GET', path);
      expect([path, res.status, res.text]).toEqual([path, 200, await appPage()]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const path of [
      '/missing.js',
      '/remotes/beneficiaries/missing.js',
      '/remotes/beneficiaries/somewhere',
      '/health/other',
      '/api/nope',
      '/.env',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await call(h.url, 'GET', path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('sends the precompressed .br sibling to a client that accepts br', async () => {
    const original = readFileSync(join(h.files.shell, HASHED_JS));
    const br = await call(h.url, 'GET', `/${HASHED_JS}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const plain = await call(h.url, 'GET', `/${HASHED_JS}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('compresses text on the fly only where no sibling exists', async () => {
    const original = readFileSync(join(h.files.shell, PLAIN_TEXT));
    const gz = await call(h.url, 'GET', `/${PLAIN_TEXT}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    expect(gz.body.length).toBeLessThan(original.length / 5);
    const gzipOnlyClientOfBrFile = await call(h.url, 'GET', `/${HASHED_JS}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnlyClientOfBrFile.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    for (const path of ['/finances', `/${HASHED_JS}`]) {
      const first = await call(h.url, 'GET', path, { headers: { 'accept-encoding': 'br' } });
      expect(first.headers.etag).toBeDefined();
      const again = await call(h.url, 'GET', path, {
        headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
      });
      expect([path, again.status, again.body.length]).toEqual([path, 304, 0]);
    }
  });

  it("writes into every page of the app the manifest /remotes.json answers, with each exposed page's first-visit files", async () => {
    const res = await call(h.url, 'GET', '/beneficiaries/KCF-000001', { headers: { 'accept-encoding': 'gzip, br' } });
    expect([res.status, res.headers['content-encoding'], res.headers['content-type']]).toEqual([
      200,
      'br',
      'text/html; charset=utf-8',
    ]);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const html = brotliDecompressSync(res.body).toString();
    expect(html).toBe(await appPage());
    // Before the page's first script, so that script finds it as it runs.
    expect(html.indexOf('<meta name="kcf-remotes"')).toBeLessThan(html.indexOf('<script'));
    const manifest = JSON.parse(/<meta name="kcf-remotes" content='([^']*)'>/.exec(html)![1]);
    // A remote served from disk: its chunks from its build's stats, and the shell's chunk of a shared library
    // the shell does not load at startup; a proxied or configured entry: the entry alone.
    expect(manifest.mf_beneficiaries.exposes).toEqual({
      './beneficiariesPage': [
        `/remotes/beneficiaries/${REMOTE_CHUNK}`,
        '/remotes/beneficiaries/412.9f8e7d6c.css',
        '/zod.0123abcd.js',
      ],
    });
    expect(manifest.mf_finance.exposes).toBeUndefined();
    expect(manifest.mf_admin.exposes).toBeUndefined();
    const head = await call(h.url, 'HEAD', '/finances');
    expect([head.status, head.body.length, Number(head.headers['content-length'])]).toEqual([
      200,
      0,
      Buffer.byteLength(await appPage()),
    ]);
  });

  it('serves remotes from disk and from their own static server, entries revalidated and chunks immutable', async () => {
    const fromDisk = await call(h.url, 'GET', '/remotes/beneficiaries/remoteEntry.js');
    expect(fromDisk.status).toBe(200);
    expect(fromDisk.text).toContain('var mf_beneficiaries');
    expect(fromDisk.headers['cache-control']).toBe('no-cache');
    const proxied = await call(h.url, 'GET', '/remotes/admin/remoteEntry.js', {
      headers: { cookie: 'kcf_sid=secret' },
    });
    expect(proxied.status).toBe(200);
    expect(proxied.text).toContain('var mf_admin');
    expect(proxied.headers['cache-control']).toBe('no-cache');
    const chunk = await call(h.url, 'GET', `/remotes/admin/412.${'9f8e7d6c'.repeat(2)}.js`);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await call(h.url, 'GET', '/remotes/admin/nope.js')).status).toBe(404);
  });

  it('publishes the remotes manifest with each entry and known version, not cached without revalidation', async () => {
    const res = await call(h.url, 'GET', '/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // These builds have no package.json beside them: only the configured version is known. The entry served
    // from disk carries its content version; a configured entry and a proxied remote's are published as they are.
    const file = join(h.files.remote('beneficiaries'), 'remoteEntry.js');
    const contentVersion = () => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
    expect(res.json()).toEqual({
      mf_beneficiaries: {
        entry: `/remotes/beneficiaries/remoteEntry.js?v=${contentVersion()}`,
        exposes: {
          './beneficiariesPage': [
            `/remotes/beneficiaries/${REMOTE_CHUNK}`,
            '/remotes/beneficiaries/412.9f8e7d6c.css',
            '/zod.0123abcd.js',
          ],
        },
      },
      mf_finance: { entry: 'https://cdn.example.org/finance/remoteEntry.js', version: '1.2.0' },
      mf_admin: { entry: '/remotes/admin/remoteEntry.js' },
    });
  });

  it('keeps an entry asked for under its content version for a year; a new build gets a new address', async () => {
    const entryOf = async () =>
      ((await call(h.url, 'GET', '/remotes.json')).json() as { mf_beneficiaries: { entry: string } }).mf_beneficiaries
        .entry;
    const versioned = await entryOf();
    const kept = await call(h.url, 'GET', versioned);
    expect([kept.status, kept.headers['cache-control']]).toEqual([200, IMMUTABLE]);
    expect(kept.text).toContain('var mf_beneficiaries');
    // Another version than the file's own (an old page after a deploy): revalidated, never kept.
    const stale = await call(h.url, 'GET', '/remotes/beneficiaries/remoteEntry.js?v=0123456789abcdef');
    expect([stale.status, stale.headers['cache-control']]).toEqual([200, 'no-cache']);

    const file = join(h.files.remote('beneficiaries'), 'remoteEntry.js');
    const before = readFileSync(file);
    try {
      writeFileSync(file, `${before.toString()}\n// rebuilt`);
      const moved = await entryOf();
      expect(moved).not.toBe(versioned);
      expect((await call(h.url, 'GET', moved)).headers['cache-control']).toBe(IMMUTABLE);
      expect((await call(h.url, 'GET', versioned)).headers['cache-control']).toBe('no-cache');
    } finally {
      writeFileSync(file, before);
    }
  });

  it('sends a Content-Security-Policy without inline scripts, and the other security headers', async () => {
    for (const path of ['/', '/api/beneficiaries', '/remotes.json']) {
      const res = await call(h.url, 'GET', path);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).toContain('https://cdn.example.org');
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('reports live and ready, including the remote’s static server', async () => {
    expect((await call(h.url, 'GET', '/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await call(h.url, 'GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { identity: 'ok', beneficiaries: 'ok', finance: 'ok', 'remote-admin': 'ok' },
    });
    expect((await call(adminStatic.url, 'GET', '/health/live')).json()).toEqual({ status: 'ok' });
  });
});

describe('gateway behind https', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness({ PUBLIC_URL: 'https://kcf.example.org' });
  });
  afterAll(() => h.stop());

  it('sends HSTS and compares Origin with PUBLIC_URL', async () => {
    const page = await call(h.url, 'GET', '/');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const ours = await call(h.url, 'POST', '/api/income', {
      headers: { origin: 'https://kcf.example.org' },
      body: '{}',
    });
    expect(ours.status).toBe(200);
    const hostOnly = await call(h.url, 'POST', '/api/income', { headers: { origin: h.url }, body: '{}' });
    expect(hostOnly.status).toBe(403);
  });
});
