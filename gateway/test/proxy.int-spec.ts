import { randomBytes, createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort } from '@kcf/testing';
import { signUserContext } from '@kcf/server-kit/http';
import { parseGatewayConfig, startGateway } from '../src';
import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { SECRET, type Echo } from './stand-ins';

describe('gateway proxy', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const echo = async (method: string, path: string, headers: Record<string, string> = {}) => {
    const res = await call(h.url, method, path, { headers });
    expect(res.status).toBe(200);
    return res.json<Echo>();
  };

  it.each([
    ['/api/auth/user', 'identity'],
    ['/api/users/7?active=true', 'identity'],
    ['/api/admin/reset-password/7', 'identity'],
    ['/api/login', 'identity'],
    ['/api/logout', 'identity'],
    ['/api/beneficiaries?limit=20&county=kakamega', 'beneficiaries'],
    ['/api/beneficiaries/KCF-000001/performance', 'beneficiaries'],
    ['/api/gifts?q=a%20b', 'beneficiaries'],
    ['/api/documents/9', 'beneficiaries'],
    ['/api/special-needs', 'beneficiaries'],
    ['/uploads/photo-1.jpg', 'beneficiaries'],
    ['/download/birth-cert.pdf', 'beneficiaries'],
    ['/api/income', 'finance'],
    ['/api/expenses?offset=40&limit=20', 'finance'],
    ['/api/budgets/download?type=termly&year=2026&quarter=Term%201', 'finance'],
  ])('sends %s to %s with path and query intact', async (path, upstream) => {
    const seen = await echo('GET', path);
    expect(seen.upstream).toBe(upstream);
    expect(seen.url).toBe(path);
  });

  it('answers unknown /api paths 404 JSON without asking any service', async () => {
    const before = h.beneficiaries.received.length + h.finance.received.length + h.identity.received.length;
    for (const path of ['/api/nothing-here', '/api/usersx', '/api/dashboard/other', '/api']) {
      const res = await call(h.url, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Not found' });
    }
    expect(h.beneficiaries.received.length + h.finance.received.length + h.identity.received.length).toBe(before);
  });

  it('never lets /internal through, however the path is spelled', async () => {
    for (const path of [
      '/internal/stats',
      '/internal/sessions/resolve',
      '/api/beneficiaries/../../internal/stats',
      '/api/beneficiaries/%2e%2e/%2e%2e/internal/stats',
      '/uploads/..%2f..%2finternal/stats',
    ]) {
      const res = await call(h.url, 'POST', path, {
        headers: { 'content-type': 'application/json' },
        body: '{"sessionId":"x"}',
      });
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect(h.beneficiaries.received.filter((e) => e.url.includes('internal'))).toEqual([]);
  });

  it('strips x-kcf-* headers a client sends, even a correctly signed one', async () => {
    const forged = signUserContext(
      { userId: 'boss', role: 'superadmin', sessionId: 's', beneficiaryId: null, mustChangePassword: false },
      SECRET,
    );
    const seen = await echo('GET', '/api/beneficiaries', { ...forged, 'x-kcf-anything': '1' });
    expect(seen.context).toBeNull();
    expect(Object.keys(seen.headers).filter((k) => k.startsWith('x-kcf-'))).toEqual([]);
  });

  it('adds a request id and forwarding headers, and does not believe a client-sent X-Forwarded-For', async () => {
    const seen = await echo('GET', '/api/income', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example' });
    expect(seen.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(new URL(h.url).host);
  });

  it('streams a 3 MB upload to the service while the client is still sending it', async () => {
    const payload = randomBytes(3 * 1024 * 1024);
    const body = new PassThrough();
    const firstChunkSeen = once(h.beneficiaries.events, 'first-body-chunk');
    const pending = call(h.url, 'POST', '/api/documents?beneficiaryId=KCF-000001', {
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(payload.length) },
      body,
    });
    body.write(payload.subarray(0, 1024 * 1024));
    // The service sees the beginning before the rest has even been written: nothing buffers the body.
    await firstChunkSeen;
    body.end(payload.subarray(1024 * 1024));
    const res = await pending;
    expect(res.status).toBe(200);
    const seen = res.json<Echo>();
    expect(seen.url).toBe('/api/documents?beneficiaryId=KCF-000001');
    expect(seen.bodyBytes).toBe(payload.length);
    expect(seen.bodySha256).toBe(createHash('sha256').update(payload).digest('hex'));
  });

  it('streams a chunked upload without a length', async () => {
    const payload = randomBytes(512 * 1024);
    const body = new PassThrough();
    const pending = call(h.url, 'PUT', '/api/expenses/3', {
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    body.end(payload);
    const seen = (await pending).json<Echo>();
    expect(seen.bodyBytes).toBe(payload.length);
    expect(seen.bodySha256).toBe(createHash('sha256').update(payload).digest('hex'));
  });

  it('refuses a cross-origin state-changing request with 403 before proxying', async () => {
    const before = h.finance.received.length;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await call(h.url, method, '/api/expenses/1', {
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Forbidden' });
    }
    const fetchMetadata = await call(h.url, 'POST', '/api/expenses', {
      headers: { 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(fetchMetadata.status).toBe(403);
    expect(h.finance.received.length).toBe(before);
  });

  it('knows its own origin from where it listens, never from the Host header (no PUBLIC_URL)', async () => {
    const before = h.finance.received.length;
    const json = { 'content-type': 'application/json' };
    for (const [host, origin] of [
      ['evil.example', 'http://evil.example'],
      [`evil.example:${new URL(h.url).port}`, `http://evil.example:${new URL(h.url).port}`],
    ]) {
      const forged = await call(h.url, 'POST', '/api/expenses', { headers: { ...json, host, origin }, body: '{}' });
      expect({ host, status: forged.status }).toEqual({ host, status: 403 });
    }
    expect(h.finance.received.length).toBe(before);
    // Listening on 127.0.0.1:<port>: the page may have been opened as http://127.0.0.1:<port> or http://localhost:<port>.
    for (const origin of [h.url, `http://localhost:${new URL(h.url).port}`]) {
      const ours = await call(h.url, 'POST', '/api/expenses', {
        headers: { ...json, origin, host: 'evil.example' },
        body: '{}',
      });
      expect({ origin, status: ours.status }).toEqual({ origin, status: 200 });
    }
  });

  it('lets a same-origin (or Origin-less) state-changing request through', async () => {
    const sameOrigin = await call(h.url, 'POST', '/api/expenses', {
      headers: { origin: h.url, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.json<Echo>()).toMatchObject({ upstream: 'finance', method: 'POST', bodyBytes: 7 });
    const noOrigin = await call(h.url, 'DELETE', '/api/budgets/4');
    expect(noOrigin.json<Echo>()).toMatchObject({ upstream: 'finance', method: 'DELETE', url: '/api/budgets/4' });
    const crossOriginRead = await call(h.url, 'GET', '/api/budgets', { headers: { origin: 'https://evil.example' } });
    expect(crossOriginRead.status).toBe(200);
  });

  it('passes identity’s Set-Cookie through untouched and signs nobody in on login', async () => {
    h.identity.sessions.set('old', { id: 'u-old', role: 'admin', beneficiaryId: null, mustChangePassword: false });
    const res = await call(h.url, 'POST', '/api/login/local', {
      headers: { 'content-type': 'application/json', cookie: 'kcf_sid=old' },
      body: '{"username":"a","password":"b"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual([
      'kcf_sid=fresh-session; Path=/; HttpOnly; SameSite=Lax',
      'other=1; Path=/',
    ]);
    expect(res.json()).toMatchObject({ context: null });
  });
});

describe('gateway proxy compression', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  // The stand-in echoes the request's headers, so a padded header makes a large JSON answer.
  const padding = 'kakamega '.repeat(600).trim();
  const get = (encoding?: string, method = 'GET') =>
    call(h.url, method, '/api/beneficiaries?limit=50', {
      headers: { 'x-padding': padding, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('compresses a large JSON answer with the encoding the client prefers, the same JSON once decoded', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await get('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    const decoded = JSON.parse(brotliDecompressSync(br.body).toString('utf8')) as Echo;
    expect(decoded.url).toBe('/api/beneficiaries?limit=50');
    expect(decoded.headers['x-padding']).toBe(padding);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gz.body).toString('utf8')) as Echo).headers['x-padding']).toBe(padding);
  });

  it('leaves a state-changing request’s answer and a refused encoding alone', async () => {
    const post = await call(h.url, 'POST', '/api/beneficiaries', {
      headers: { 'x-padding': padding, 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(200);
    expect(post.headers['content-encoding']).toBeUndefined();
    expect(post.json<Echo>().headers['x-padding']).toBe(padding);
    const refused = await get('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<Echo>().headers['x-padding']).toBe(padding);
  });
});

describe('gateway proxy when a service is down or slow', () => {
  it('answers 503 JSON for a service that is down, and 504 for one that does not answer in time', async () => {
    const silent: Server = createServer(() => {
      /* never answers */
    });
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const deadPort = await freePort();
    const gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        INTERNAL_SECRET: SECRET,
        IDENTITY_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        BENEFICIARIES_URL: `http://127.0.0.1:${deadPort}`,
        FINANCE_URL: `http://127.0.0.1:${deadPort}`,
        UPSTREAM_TIMEOUT_MS: '300',
        LOG_LEVEL: 'error',
      }),
      { shutdownHooks: false },
    );
    try {
      // Nothing listens: the request never reached the service, so the client may simply retry (503).
      const down = await call(gateway.url, 'GET', '/api/beneficiaries');
      expect(down.status).toBe(503);
      expect(down.headers['content-type']).toMatch(/application\/json/);
      expect(down.headers['retry-after']).toBeDefined();
      expect(down.json()).toMatchObject({ message: expect.any(String) });

      const upload = await call(gateway.url, 'POST', '/api/expenses', {
        headers: { 'content-type': 'application/octet-stream' },
        body: randomBytes(256 * 1024),
      });
      expect(upload.status).toBe(503);

      const started = Date.now();
      const slow = await call(gateway.url, 'GET', '/api/auth/user');
      expect(slow.status).toBe(504);
      expect(slow.json()).toMatchObject({ message: expect.any(String) });
      expect(Date.now() - started).toBeLessThan(5000);

      const ready = await call(gateway.url, 'GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { beneficiaries: 'unavailable', finance: 'unavailable' } });
    } finally {
      await gateway.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});
