import { listRoutes, type RouteInfo } from '@kcf/server-kit';
import request from 'supertest';
import { jpeg, pdf, png } from './fixtures';
import { as, childForm, grantPhotoConsent, startBeneficiaries, type Harness } from './harness';

/**
 * Registration consent withdrawn: the child can only be exported or erased. Every write route the service
 * registered is in the table below: either a request that concerns the child (each is refused with 409 and
 * the message naming the purpose, and changes nothing), or the reason the route still works. A route added
 * later fails here by name until it is listed.
 */

let h: Harness;
let routes: RouteInfo[];
beforeAll(async () => {
  h = await startBeneficiaries();
  routes = listRoutes(h.service.app);
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const MESSAGE = 'Registration consent has been withdrawn for this child: its records can no longer be changed';
const GRANT = {
  state: 'granted',
  givenBy: 'Mary Wanjala',
  relationship: 'Mother',
  method: 'signed_form',
  date: '2026-02-01',
};
const WITHDRAW = {
  state: 'withdrawn',
  givenBy: 'Mary Wanjala',
  relationship: 'Mother',
  method: 'verbal',
  witness: 'Peter Otieno',
  date: '2026-02-20',
};
const GIFT = { giftType: 'special', amount: '5', description: 'Pen', contents: 'A pen', dateGiven: '2026-01-01' };
const NEED = { category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' };
const MEMBER = { name: 'Grace Wanjala', relationship: 'Sister', age: 9 };
const PERFORMANCE = { subject: 'Mathematics', term: 'Term 1', grade: 'B' };
const FEE = { term: 'Term 1', year: 2026, amount: '4500' };

/** A child with one of every record, a photo and a gift with a photo. */
interface Child {
  id: string;
  member: string;
  performance: string;
  fee: string;
  need: string;
  document: string;
  gift: string;
}

async function created(req: request.Test, status = 201): Promise<string> {
  return (await req.expect(status)).body.id;
}

async function childWithEverything(name: string): Promise<Child> {
  const id = await created(
    api()
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: name })),
  );
  const on = (path: string, body: object) =>
    created(api().post(`/api/beneficiaries/${id}/${path}`).set(as('admin')).send(body));
  const gift = api().post('/api/gifts').set(as('admin'));
  for (const [k, v] of Object.entries({ ...GIFT, beneficiaryId: id })) gift.field(k, v);
  const child = {
    id,
    member: await on('household-members', MEMBER),
    performance: await on('school-performance', PERFORMANCE),
    fee: await on('school-fees', FEE),
    need: await on('special-needs', NEED),
    document: await created(
      api()
        .post(`/api/beneficiaries/${id}/documents`)
        .set(as('admin'))
        .field('documentType', 'academic')
        .attach('document', pdf(), 'r.pdf'),
    ),
    gift: await created(gift.attach('giftPhoto', jpeg(), 'g.jpg')),
  };
  await grantPhotoConsent(h.url, id);
  await api().post(`/api/beneficiaries/${id}/photo`).set(as('admin')).attach('photo', png(), 'p.png').expect(200);
  return child;
}

/** Everything the API answers about the child (as an admin reads it), to show that a refused write changed nothing. */
async function everythingOf(id: string): Promise<unknown> {
  const read = async (path: string) => (await api().get(path).set(as('admin')).expect(200)).body;
  const paths = [
    '',
    '/household-members',
    '/school-performance',
    '/school-fees',
    '/special-needs',
    '/documents',
    '/consents',
  ].map((p) => `/api/beneficiaries/${id}${p}`);
  return {
    ...Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await read(p)]))),
    gifts: await read(`/api/gifts?beneficiaryId=${id}`),
  };
}

/** A write that concerns `c`, the child whose registration consent is withdrawn (`other`: a child whose is not). */
type Send = (c: Child, other: Child) => request.Test;
type Case = { refused: [string, Send][] } | { allowed: string };

const WRITES: Record<string, Case> = {
  'PUT /api/beneficiaries/:id': {
    refused: [
      [
        'edit the child',
        (c) =>
          api()
            .put(`/api/beneficiaries/${c.id}`)
            .set(as('admin'))
            .send(childForm({ guardianPhone: '0722345678' })),
      ],
      [
        'edit the child with a new birth certificate',
        (c) => {
          const req = api().put(`/api/beneficiaries/${c.id}`).set(as('superadmin'));
          for (const [k, v] of Object.entries(childForm())) req.field(k, v);
          return req.attach('birthCertificate', pdf(), 'bc.pdf');
        },
      ],
    ],
  },
  'POST /api/beneficiaries/:id/photo': {
    refused: [
      [
        'upload a photo',
        (c) => api().post(`/api/beneficiaries/${c.id}/photo`).set(as('admin')).attach('photo', png(), 'p.png'),
      ],
    ],
  },
  'DELETE /api/beneficiaries/:id/photo': {
    refused: [['delete the photo', (c) => api().delete(`/api/beneficiaries/${c.id}/photo`).set(as('superadmin'))]],
  },
  'POST /api/beneficiaries/:id/household-members': {
    refused: [
      [
        'add a household member',
        (c) => api().post(`/api/beneficiaries/${c.id}/household-members`).set(as('admin')).send(MEMBER),
      ],
    ],
  },
  'PUT /api/beneficiaries/:id/household-members/:recordId': {
    refused: [
      [
        'edit a household member',
        (c) =>
          api()
            .put(`/api/beneficiaries/${c.id}/household-members/${c.member}`)
            .set(as('admin'))
            .send({ ...MEMBER, age: 10 }),
      ],
    ],
  },
  'DELETE /api/beneficiaries/:id/household-members/:recordId': {
    refused: [
      [
        'delete a household member',
        (c) => api().delete(`/api/beneficiaries/${c.id}/household-members/${c.member}`).set(as('superadmin')),
      ],
    ],
  },
  'POST /api/beneficiaries/:id/school-performance': {
    refused: [
      [
        'add school performance',
        (c) => api().post(`/api/beneficiaries/${c.id}/school-performance`).set(as('admin')).send(PERFORMANCE),
      ],
    ],
  },
  'PUT /api/beneficiaries/:id/school-performance/:recordId': {
    refused: [
      [
        'edit school performance',
        (c) =>
          api()
            .put(`/api/beneficiaries/${c.id}/school-performance/${c.performance}`)
            .set(as('admin'))
            .send({ ...PERFORMANCE, grade: 'A' }),
      ],
    ],
  },
  'DELETE /api/beneficiaries/:id/school-performance/:recordId': {
    refused: [
      [
        'delete school performance',
        (c) => api().delete(`/api/beneficiaries/${c.id}/school-performance/${c.performance}`).set(as('superadmin')),
      ],
    ],
  },
  'POST /api/beneficiaries/:id/school-fees': {
    refused: [
      ['add a school fee', (c) => api().post(`/api/beneficiaries/${c.id}/school-fees`).set(as('admin')).send(FEE)],
    ],
  },
  'PUT /api/beneficiaries/:id/school-fees/:recordId': {
    refused: [
      [
        'edit a school fee',
        (c) =>
          api()
            .put(`/api/beneficiaries/${c.id}/school-fees/${c.fee}`)
            .set(as('admin'))
            .send({ ...FEE, amount: '5000' }),
      ],
    ],
  },
  'DELETE /api/beneficiaries/:id/school-fees/:recordId': {
    refused: [
      [
        'delete a school fee',
        (c) => api().delete(`/api/beneficiaries/${c.id}/school-fees/${c.fee}`).set(as('superadmin')),
      ],
    ],
  },
  'POST /api/beneficiaries/:id/special-needs': {
    refused: [
      ['add a special need', (c) => api().post(`/api/beneficiaries/${c.id}/special-needs`).set(as('admin')).send(NEED)],
      [
        'add a health special need',
        (c) =>
          api()
            .post(`/api/beneficiaries/${c.id}/special-needs`)
            .set(as('admin'))
            .send({ ...NEED, category: 'health' }),
      ],
    ],
  },
  'PUT /api/special-needs/:needId': {
    refused: [
      [
        'edit a special need',
        (c) =>
          api()
            .put(`/api/special-needs/${c.need}`)
            .set(as('admin'))
            .send({ ...NEED, description: 'Breakfast' }),
      ],
    ],
  },
  'DELETE /api/special-needs/:needId': {
    refused: [['delete a special need', (c) => api().delete(`/api/special-needs/${c.need}`).set(as('superadmin'))]],
  },
  'POST /api/beneficiaries/:id/documents': {
    refused: [
      [
        'upload a document',
        (c) =>
          api()
            .post(`/api/beneficiaries/${c.id}/documents`)
            .set(as('admin'))
            .field('documentType', 'other')
            .attach('document', pdf(), 'x.pdf'),
      ],
    ],
  },
  'DELETE /api/documents/:documentId': {
    refused: [['delete a document', (c) => api().delete(`/api/documents/${c.document}`).set(as('superadmin'))]],
  },
  'POST /api/gifts': {
    refused: [
      [
        'add a gift',
        (c) =>
          api()
            .post('/api/gifts')
            .set(as('admin'))
            .send({ ...GIFT, beneficiaryId: c.id }),
      ],
      [
        'add a gift with a photo',
        (c) => {
          const req = api().post('/api/gifts').set(as('admin'));
          for (const [k, v] of Object.entries({ ...GIFT, beneficiaryId: c.id })) req.field(k, v);
          return req.attach('giftPhoto', jpeg(), 'g.jpg');
        },
      ],
    ],
  },
  'PUT /api/gifts/:id': {
    refused: [
      [
        'edit a gift',
        (c) =>
          api()
            .put(`/api/gifts/${c.gift}`)
            .set(as('admin'))
            .send({ ...GIFT, beneficiaryId: c.id, amount: '6' }),
      ],
      [
        'move a gift to another child',
        (c, other) =>
          api()
            .put(`/api/gifts/${c.gift}`)
            .set(as('admin'))
            .send({ ...GIFT, beneficiaryId: other.id }),
      ],
      [
        "move another child's gift to the child",
        (c, other) =>
          api()
            .put(`/api/gifts/${other.gift}`)
            .set(as('admin'))
            .send({ ...GIFT, beneficiaryId: c.id }),
      ],
    ],
  },
  'DELETE /api/gifts/:id': {
    refused: [['delete a gift', (c) => api().delete(`/api/gifts/${c.gift}`).set(as('superadmin'))]],
  },

  'PUT /api/beneficiaries/:id/consents/:purpose': {
    allowed: 'recording consent: the guardian may grant registration again, or withdraw another purpose',
  },
  'DELETE /api/beneficiaries/:id': {
    allowed:
      'erasure: deleting the whole child (superadmin) removes every record and file of the child, which is what the contract leaves open ("can only be exported or erased")',
  },
  'POST /api/data-requests': {
    allowed: 'a data request (export or erasure of the child): exactly what the contract leaves open',
  },
  'POST /api/data-requests/retention-review/:beneficiaryId/keep': {
    refused: [
      [
        'keep the child in the retention review',
        (c) =>
          api()
            .post(`/api/data-requests/retention-review/${c.id}/keep`)
            .set(as('superadmin'))
            .send({ reason: 'Sibling still supported' }),
      ],
    ],
  },
  'POST /api/beneficiaries': { allowed: 'a new child: concerns no existing child' },
  'POST /api/beneficiaries/import': { allowed: 'new children only: concerns no existing child' },
  'POST /internal/audit/entries': { allowed: "the gateway records its own audit entry: no child's record changes" },
};

const key = (route: RouteInfo) => `${route.method} ${route.path}`;

describe('registration consent withdrawn: every write route', () => {
  it('is listed (refused for the child, or the reason it is not)', () => {
    const writes = routes.filter((r) => r.method !== 'GET').map(key);
    expect(writes.length).toBeGreaterThan(20);
    expect({ writeRoutesNotListed: writes.filter((route) => !(route in WRITES)) }).toEqual({
      writeRoutesNotListed: [],
    });
    expect({ listedRoutesThatDoNotExist: Object.keys(WRITES).filter((route) => !writes.includes(route)) }).toEqual({
      listedRoutesThatDoNotExist: [],
    });
  });

  it('refuses each write that concerns the child with 409 naming the purpose, and changes nothing', async () => {
    const child = await childWithEverything('Registration Withdrawn');
    const other = await childWithEverything('Registration Granted');
    await api().put(`/api/beneficiaries/${child.id}/consents/registration`).set(as('admin')).send(WITHDRAW).expect(200);
    const before = await everythingOf(child.id);
    const otherBefore = await everythingOf(other.id);

    const answers: { route: string; what: string; status: number; message: unknown }[] = [];
    const expected: typeof answers = [];
    for (const [route, entry] of Object.entries(WRITES)) {
      if (!('refused' in entry)) continue;
      for (const [what, send] of entry.refused) {
        const res = await send(child, other);
        answers.push({ route, what, status: res.status, message: res.body?.message });
        expected.push({ route, what, status: 409, message: MESSAGE });
      }
    }
    expect(answers).toEqual(expected);
    expect(await everythingOf(child.id)).toEqual(before);
    expect(await everythingOf(other.id)).toEqual(otherBefore);
    // The child's photo and its gift photo are still stored and served (only photo consent hides them).
    await api().get(`/api/beneficiaries/${child.id}/photo`).set(as('viewer')).expect(200);
    await api().get(`/api/gifts/${child.gift}/photo`).set(as('viewer')).expect(200);
  });

  it('still records consent, and lets a superadmin erase the child', async () => {
    const child = await childWithEverything('Registration Erased');
    await api().put(`/api/beneficiaries/${child.id}/consents/registration`).set(as('admin')).send(WITHDRAW).expect(200);
    await api().put(`/api/beneficiaries/${child.id}/consents/photos_donor`).set(as('admin')).send(WITHDRAW).expect(200);
    await api().delete(`/api/beneficiaries/${child.id}`).set(as('superadmin')).expect(200);
    await api().get(`/api/beneficiaries/${child.id}`).set(as('admin')).expect(404);
    expect(
      await h.sql(
        `SELECT 1 FROM gifts WHERE beneficiary_id = $1 UNION ALL SELECT 1 FROM consent_history WHERE beneficiary_id = $1`,
        [child.id],
      ),
    ).toEqual([]);
  });

  it('takes writes again once registration consent is granted again', async () => {
    const child = await childWithEverything('Registration Regranted');
    await api().put(`/api/beneficiaries/${child.id}/consents/registration`).set(as('admin')).send(WITHDRAW).expect(200);
    await api().post(`/api/beneficiaries/${child.id}/household-members`).set(as('admin')).send(MEMBER).expect(409);
    await api().put(`/api/beneficiaries/${child.id}/consents/registration`).set(as('admin')).send(GRANT).expect(200);
    await api().post(`/api/beneficiaries/${child.id}/household-members`).set(as('admin')).send(MEMBER).expect(201);
  });
});
