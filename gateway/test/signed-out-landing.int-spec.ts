import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { withoutPageManifest } from '@kcf/contracts';
import { SHELL_INDEX } from './static-fixtures';

const STYLE = '.shell-public{display:grid}';
const LANDING = `<!doctype html><html><head><style>${STYLE}</style></head><body><div id="root" data-prerendered="signed-out"><h1>Kakamega</h1></div></body></html>`;

describe('the prerendered landing page', () => {
  let h: GatewayHarness;
  let shellDir: string;

  beforeAll(async () => {
    shellDir = mkdtempSync(join(tmpdir(), 'kcf-gateway-landing-'));
    writeFileSync(join(shellDir, 'index.html'), SHELL_INDEX);
    writeFileSync(join(shellDir, 'landing.html'), LANDING);
    writeFileSync(join(shellDir, 'landing.html.gz'), gzipSync(LANDING));
    h = await startHarness({ SHELL_DIR: shellDir });
  });
  afterAll(async () => {
    await h.stop();
    rmSync(shellDir, { recursive: true, force: true });
  });

  it('answers / with the landing page to a visitor without a session cookie, revalidated, varying by cookie', async () => {
    for (const headers of [{}, { cookie: 'theme=dark' }]) {
      const res = await call(h.url, 'GET', '/?from=poster', { headers });
      expect(res.status).toBe(200);
      expect(res.text).toBe(LANDING);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    }
    const zipped = await call(h.url, 'GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(LANDING);
  });

  it('answers / with the app page to a visitor with a session cookie, and every other page with the app page', async () => {
    const signedIn = await call(h.url, 'GET', '/', { headers: { cookie: 'theme=dark; kcf_sid=abc' } });
    // The app page carries the remotes' manifest (static.int-spec.ts); the landing page never does.
    expect(signedIn.text).not.toBe(SHELL_INDEX);
    expect(withoutPageManifest(signedIn.text)).toBe(SHELL_INDEX);
    expect(signedIn.headers.vary).toBe('Cookie, Accept-Encoding');
    for (const path of ['/login', '/about', '/beneficiaries']) {
      const res = await call(h.url, 'GET', path);
      expect([path, withoutPageManifest(res.text)]).toEqual([path, SHELL_INDEX]);
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('allows the inline stylesheet by its hash and nothing else inline', async () => {
    const csp = String((await call(h.url, 'GET', '/')).headers['content-security-policy']);
    const hash = createHash('sha256').update(STYLE).digest('base64');
    expect(/style-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
  });
});
