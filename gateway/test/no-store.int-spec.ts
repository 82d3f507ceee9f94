import { startHarness, type GatewayHarness } from './gateway-harness';
import { call } from './http-client';
import { json, type Route } from './stand-ins';

/** A file answer from the stand-in beneficiaries service with the Cache-Control it chose (or none). */
function fileRoute(path: string, cacheControl?: string): Route {
  return (req, res) => {
    if (req.url !== path) return false;
    const body = Buffer.alloc(2048, 0xff);
    res.writeHead(200, {
      'content-type': 'image/jpeg',
      'content-length': body.length,
      ...(cacheControl ? { 'cache-control': cacheControl } : {}),
    });
    res.end(body);
    return true;
  };
}

/** Children's records must not stay in a shared office computer's disk cache. */
describe('gateway: personal data is not stored by caches', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startHarness(
      {},
      {
        beneficiaries: [
          fileRoute('/uploads/photo-public.jpg', 'public, max-age=86400'),
          fileRoute('/download/receipt-private.pdf', 'private, max-age=300'),
          fileRoute('/uploads/photo-plain.jpg'),
          fileRoute('/download/already-no-store.pdf', 'private, no-store'),
          (req, res) => {
            if (req.url !== '/api/beneficiaries/revalidated') return false;
            json(res, 200, { ok: true }, { 'cache-control': 'no-cache', etag: '"v1"' });
            return true;
          },
        ],
      },
    );
    h.identity.sessions.set('sess-staff', {
      id: 'u-staff',
      role: 'admin',
      beneficiaryId: null,
      mustChangePassword: false,
    });
  });
  afterAll(() => h.stop());

  it.each([
    '/api/auth/user',
    '/api/beneficiaries',
    '/api/beneficiaries/KCF-000001',
    '/api/beneficiaries/KCF-000001/documents',
    '/api/documents/9',
    '/api/income',
  ])('answers %s with Cache-Control: no-store', async (path) => {
    const res = await call(h.url, 'GET', path, { headers: { cookie: 'kcf_sid=sess-staff' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the gateway’s own /api answers and errors no-store', async () => {
    const stats = await call(h.url, 'GET', '/api/dashboard/stats', { headers: { cookie: 'kcf_sid=sess-staff' } });
    expect([stats.status, stats.headers['cache-control']]).toEqual([200, 'no-store']);
    const signedOut = await call(h.url, 'GET', '/api/dashboard/stats');
    expect([signedOut.status, signedOut.headers['cache-control']]).toEqual([401, 'no-store']);
    const unknown = await call(h.url, 'GET', '/api/nothing-here');
    expect([unknown.status, unknown.headers['cache-control']]).toEqual([404, 'no-store']);
  });

  it('answers no-store whatever Cache-Control the service chose (public, private with a max-age, no-cache or none)', async () => {
    const staff = { headers: { cookie: 'kcf_sid=sess-staff' } };
    expect((await call(h.url, 'GET', '/uploads/photo-public.jpg', staff)).headers['cache-control']).toBe('no-store');
    expect((await call(h.url, 'GET', '/download/receipt-private.pdf', staff)).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await call(h.url, 'GET', '/uploads/photo-plain.jpg', staff)).headers['cache-control']).toBe('no-store');
    expect((await call(h.url, 'GET', '/download/already-no-store.pdf', staff)).headers['cache-control']).toBe(
      'private, no-store',
    );
    const revalidated = await call(h.url, 'GET', '/api/beneficiaries/revalidated', staff);
    expect([revalidated.headers['cache-control'], revalidated.headers.etag]).toEqual(['no-store', '"v1"']);
  });
});
