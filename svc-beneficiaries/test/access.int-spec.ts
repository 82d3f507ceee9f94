import { listRoutes, type RouteInfo } from '@kcf/server-kit';
import request from 'supertest';
import { pdf, png } from './fixtures';
import {
  as,
  asBeneficiary,
  asSystem,
  childForm,
  grantPhotoConsent,
  startBeneficiaries,
  type Harness,
  type StaffRole,
} from './harness';

let h: Harness;
let routes: RouteInfo[];
let mine: { id: string; birthCertificateUrl: string };
let theirs: { id: string; birthCertificateUrl: string };
let theirDocument: { id: string; fileName: string };
let theirGift: string;
let theirNeed: string;

beforeAll(async () => {
  h = await startBeneficiaries();
  routes = listRoutes(h.service.app);
  const make = async (name: string) => {
    const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
    for (const [key, value] of Object.entries(childForm({ fullName: name }))) req.field(key, value);
    return (await req.attach('birthCertificate', pdf(), 'bc.pdf').expect(201)).body;
  };
  mine = await make('My Child');
  theirs = await make('Another Child');
  await grantPhotoConsent(h.url, theirs.id);
  await request(h.url)
    .post(`/api/beneficiaries/${theirs.id}/photo`)
    .set(as('admin'))
    .attach('photo', png(), 'p.png')
    .expect(200);
  theirDocument = (
    await request(h.url)
      .post(`/api/beneficiaries/${theirs.id}/documents`)
      .set(as('admin'))
      .field('documentType', 'medical')
      .attach('document', pdf(), 'd.pdf')
      .expect(201)
  ).body;
  const gift = request(h.url).post('/api/gifts').set(as('admin'));
  for (const [key, value] of Object.entries({
    beneficiaryId: theirs.id,
    giftType: 'special',
    amount: '100',
    description: 'Books',
    contents: 'Two books',
    dateGiven: '2025-06-01',
  })) {
    gift.field(key, value);
  }
  theirGift = (await gift.attach('giftPhoto', png(), 'g.png').expect(201)).body.id;
  theirNeed = (
    await request(h.url)
      .post(`/api/beneficiaries/${theirs.id}/special-needs`)
      .set(as('admin'))
      .send({ category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' })
      .expect(201)
  ).body.id;
  for (const kind of ['household-members', 'school-performance', 'school-fees']) {
    const body =
      kind === 'household-members'
        ? { name: 'A', relationship: 'B', age: 3 }
        : kind === 'school-fees'
          ? { term: 'Term 1', year: 2025, amount: 10 }
          : { subject: 'A', term: 'Term 1', grade: 'B' };
    await request(h.url).post(`/api/beneficiaries/${theirs.id}/${kind}`).set(as('admin')).send(body).expect(201);
  }
});
afterAll(async () => {
  await h?.stop();
});

/** The route's path with its parameters filled in with records of "their" child. */
function concrete(route: RouteInfo): string {
  return route.path
    .replace('gifts/:id', `gifts/${theirGift}`)
    .replace(':id', theirs.id)
    .replace(':recordId', '00000000-0000-4000-8000-000000000000')
    .replace(':needId', theirNeed)
    .replace(':documentId', theirDocument.id)
    .replace(':fileName', theirDocument.fileName)
    .replace(':filename', theirs.birthCertificateUrl.split('/').pop()!);
}

/** What an internal call needs besides its path to answer 200 (the audit trail's routes take a query or a body). */
const INTERNAL_INPUT: Record<string, { query?: Record<string, string>; body?: object }> = {
  'GET /internal/audit': { query: { limit: '10' } },
  'POST /internal/audit/entries': {
    body: {
      actor: { id: 'u-1', username: 'root', name: 'Root', role: 'superadmin' },
      action: 'view',
      entityType: 'audit-log',
      entityId: null,
      beneficiaryId: null,
      details: null,
      requestId: null,
      clientIp: null,
      userAgent: null,
    },
  },
};

const call = (method: string, path: string, headers: Record<string, string>) =>
  (request(h.url) as unknown as Record<string, (p: string) => request.Test>)[method.toLowerCase()](path).set(headers);

describe('every route declares its access and the service enforces it', () => {
  it('has a declared level on every route', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !r.access)).toEqual([]);
  });

  it('answers 401 to the signed-out and 403 to roles the table does not allow', async () => {
    const allowed: Record<string, StaffRole[]> = {
      read: ['viewer', 'admin', 'superadmin'],
      readOwnBeneficiary: ['viewer', 'admin', 'superadmin'],
      write: ['admin', 'superadmin'],
      delete: ['superadmin'],
      changeConsent: ['admin', 'superadmin'],
      manageDataRequests: ['superadmin'],
      requestExport: ['superadmin'],
    };
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const path = concrete(route);
      expect({ route: `${route.method} ${path}`, status: (await call(route.method, path, {})).status }).toEqual({
        route: `${route.method} ${path}`,
        status: 401,
      });
      if (route.access === 'internal') {
        for (const role of ['viewer', 'admin', 'superadmin'] as const) {
          expect({ route: route.path, role, status: (await call(route.method, path, as(role))).status }).toEqual({
            route: route.path,
            role,
            status: 403,
          });
        }
        const input = INTERNAL_INPUT[`${route.method} ${route.path}`] ?? {};
        const answered = await call(route.method, path, asSystem())
          .query(input.query ?? {})
          .send(input.body);
        expect({ route: route.path, status: answered.status }).toEqual({ route: route.path, status: 200 });
        continue;
      }
      for (const role of ['viewer', 'admin'] as const) {
        if (allowed[route.access!].includes(role)) continue;
        const res = await call(route.method, path, as(role));
        expect({ route: `${route.method} ${route.path}`, role, status: res.status }).toEqual({
          route: `${route.method} ${route.path}`,
          role,
          status: 403,
        });
      }
    }
  });
});

describe('a beneficiary user', () => {
  const me = () => asBeneficiary(mine.id);

  it('reads its own child and what hangs off it', async () => {
    expect((await request(h.url).get(`/api/beneficiaries/${mine.id}`).set(me()).expect(200)).body.fullName).toBe(
      'My Child',
    );
    for (const kind of ['household-members', 'school-performance', 'school-fees', 'documents', 'special-needs']) {
      await request(h.url).get(`/api/beneficiaries/${mine.id}/${kind}`).set(me()).expect(200);
    }
    await request(h.url).get(mine.birthCertificateUrl).set(me()).expect(200);
  });

  it('gets 404 for every read of another child, as if it did not exist', async () => {
    const reads = routes.filter(
      (r) =>
        r.method === 'GET' &&
        r.access === 'readOwnBeneficiary' &&
        (r.path.includes(':') || r.path.startsWith('/uploads')),
    );
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const route of reads) {
      const path = concrete(route);
      const res = await call('GET', path, me());
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      const staff = await call('GET', path, as('viewer'));
      expect({ path, staff: staff.status }).toEqual({ path, staff: 200 });
    }
  });

  it('sees only its own child and its gifts in the lists', async () => {
    const list = await request(h.url).get('/api/beneficiaries').set(me()).expect(200);
    expect(list.body.map((b: { id: string }) => b.id)).toEqual([mine.id]);
    const gifts = await request(h.url).get('/api/gifts').set(me()).expect(200);
    expect(gifts.body).toEqual([]);
    const unlinked = await request(h.url).get('/api/beneficiaries').set(asBeneficiary(null)).expect(200);
    expect(unlinked.body).toEqual([]);
    await request(h.url).get(`/api/beneficiaries/${mine.id}`).set(asBeneficiary(null)).expect(404);
  });

  it('may withdraw its own child consent, but not grant one, and not touch another child (404)', async () => {
    const withdraw = {
      state: 'withdrawn',
      givenBy: 'Mary',
      relationship: 'Mother',
      method: 'signed_form',
      date: '2026-02-01',
    };
    await request(h.url)
      .put(`/api/beneficiaries/${theirs.id}/consents/photos_donor`)
      .set(me())
      .send(withdraw)
      .expect(404);
    await request(h.url)
      .put(`/api/beneficiaries/${mine.id}/consents/photos_donor`)
      .set(me())
      .send({ ...withdraw, state: 'granted' })
      .expect(403);
    await request(h.url)
      .put(`/api/beneficiaries/${mine.id}/consents/photos_donor`)
      .set(me())
      .send(withdraw)
      .expect(200);
    // The viewer reads consents but records none (the route's level, changeConsent, refuses it).
    await request(h.url).get(`/api/beneficiaries/${mine.id}/consents`).set(as('viewer')).expect(200);
    await request(h.url)
      .put(`/api/beneficiaries/${mine.id}/consents/photos_donor`)
      .set(as('viewer'))
      .send(withdraw)
      .expect(403);
  });

  it('cannot write, delete or export', async () => {
    await request(h.url).put(`/api/beneficiaries/${mine.id}`).set(me()).send(childForm()).expect(403);
    await request(h.url).delete(`/api/beneficiaries/${mine.id}`).set(me()).expect(403);
    await request(h.url)
      .post(`/api/beneficiaries/${mine.id}/photo`)
      .set(me())
      .attach('photo', png(), 'p.png')
      .expect(403);
    await request(h.url).get('/api/beneficiaries/export.csv').set(me()).expect(403);
  });
});
