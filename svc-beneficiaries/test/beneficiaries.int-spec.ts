import request from 'supertest';
import { pdf } from './fixtures';
import { as, asBeneficiary, childForm, startBeneficiaries, USERS, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

const create = (fields: Record<string, string> = {}) =>
  request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm(fields));

describe('creating a beneficiary', () => {
  it('registers a child with a KCF id, its age in completed years and who created it', async () => {
    const res = await create().expect(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^KCF-\d{6}$/),
      fullName: 'Baraka Wanjala',
      dateOfBirth: '2014-03-09',
      // 2 March 2026: the 12th birthday is a week away
      age: 11,
      county: 'kakamega',
      gradeLevel: 'grade_4',
      isActive: true,
      specialNeeds: null,
      hasSpecialNeeds: false,
      photoUrl: null,
      birthCertificateUrl: null,
      createdBy: USERS.admin.userId,
      createdAt: '2026-03-02T08:00:00.000Z',
    });
  });

  it('reads the multipart form of the dialog, with its birth certificate', async () => {
    const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
    for (const [key, value] of Object.entries(
      childForm({ fullName: 'Achieng Atieno', isActive: 'false', specialNeeds: 'Asthma' }),
    ))
      req.field(key, value);
    const res = await req.attach('birthCertificate', pdf(), 'certificate.pdf').expect(201);
    expect(res.body).toMatchObject({
      fullName: 'Achieng Atieno',
      isActive: false,
      specialNeeds: 'Asthma',
      hasSpecialNeeds: true,
    });
    expect(res.body.birthCertificateUrl).toMatch(/^\/download\/[0-9a-f-]{36}\.pdf$/);
  });

  it('gives "<Field> is required" for every missing field', async () => {
    const res = await request(h.url).post('/api/beneficiaries').set(as('admin')).send({}).expect(400);
    expect(res.body.message).toBe('Full name is required');
    expect(res.body.errors).toEqual([
      { path: 'fullName', message: 'Full name is required' },
      { path: 'dateOfBirth', message: 'Date of birth is required' },
      { path: 'homeVillage', message: 'Home village is required' },
      { path: 'subCounty', message: 'Sub-county is required' },
      { path: 'county', message: 'County is required' },
      { path: 'guardianName', message: 'Guardian name is required' },
      { path: 'guardianPhone', message: 'Guardian phone is required' },
      { path: 'schoolName', message: 'School name is required' },
      { path: 'gradeLevel', message: 'Grade level is required' },
    ]);
  });

  it('refuses values outside the lists and impossible dates', async () => {
    const res = await create({ county: 'nairobi', dateOfBirth: '2014-02-30', gradeLevel: 'form_4' }).expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'county', message: 'County must be one of: kakamega, bungoma, vihiga, busia' },
        { path: 'dateOfBirth', message: 'Date of birth must be a valid date (YYYY-MM-DD)' },
        { path: 'gradeLevel', message: expect.stringContaining('Grade level must be one of') },
      ]),
    );
  });

  it('answers 400, never 500, for a date PostgreSQL cannot store', async () => {
    const res = await create({ dateOfBirth: '0000-01-01' }).expect(400);
    expect(res.body.message).toBe('A value is out of range');
  });

  it('gives 20 concurrent creates 20 distinct, sequential ids', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create({ fullName: `Concurrent Child ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => Number(r.body.id.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19] - numbers[0]).toBe(19);
  });

  it('lets only admins and superadmins create', async () => {
    await request(h.url).post('/api/beneficiaries').set(as('viewer')).send(childForm()).expect(403);
    await request(h.url).post('/api/beneficiaries').set(asBeneficiary(null)).send(childForm()).expect(403);
    await request(h.url).post('/api/beneficiaries').send(childForm()).expect(401);
    await request(h.url).post('/api/beneficiaries').set(as('superadmin')).send(childForm()).expect(201);
  });

  it('writes beneficiary.created and the created-by fact to the outbox in the same transaction', async () => {
    const { body } = await create({ fullName: 'Outbox Child' }).expect(201);
    const events = await h.sql<{ subject: string; payload: Record<string, unknown> }>(
      `SELECT subject, payload FROM outbox WHERE payload->>'beneficiaryId' = $1 OR payload->>'recordId' = $1 ORDER BY seq`,
      [body.id],
    );
    expect(events).toEqual([
      {
        subject: 'beneficiaries.beneficiary.created',
        payload: { beneficiaryId: body.id, fullName: 'Outbox Child', createdBy: USERS.admin.userId },
      },
      {
        subject: 'records.created-by',
        payload: {
          domain: 'beneficiaries',
          recordType: 'beneficiary',
          recordId: body.id,
          userId: USERS.admin.userId,
          deleted: false,
        },
      },
    ]);
  });

  it('writes nothing when the create fails', async () => {
    const before = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox`);
    await create({ fullName: '' }).expect(400);
    const after = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('reading, updating and deleting a beneficiary', () => {
  it('answers one child to every staff role, and 404 for an unknown or malformed id', async () => {
    const { body } = await create().expect(201);
    for (const role of ['viewer', 'admin', 'superadmin'] as const) {
      const res = await request(h.url).get(`/api/beneficiaries/${body.id}`).set(as(role)).expect(200);
      expect(res.body).toEqual(body);
    }
    const missing = await request(h.url).get('/api/beneficiaries/KCF-999999').set(as('viewer')).expect(404);
    expect(missing.body.message).toBe('Beneficiary not found');
    await request(h.url).get('/api/beneficiaries/not-an-id').set(as('viewer')).expect(404);
  });

  it('replaces the fields on PUT, keeping the birth certificate when no new one is sent', async () => {
    const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
    for (const [key, value] of Object.entries(childForm())) req.field(key, value);
    const created = (await req.attach('birthCertificate', pdf(), 'bc.pdf').expect(201)).body;
    h.clock.advance(60_000);
    const res = await request(h.url)
      .put(`/api/beneficiaries/${created.id}`)
      .set(as('admin'))
      .send(
        childForm({
          fullName: 'Baraka W. Wanjala',
          gradeLevel: 'grade_5',
          isActive: 'false',
          specialNeeds: 'Needs glasses',
        }),
      )
      .expect(200);
    expect(res.body).toMatchObject({
      id: created.id,
      fullName: 'Baraka W. Wanjala',
      gradeLevel: 'grade_5',
      isActive: false,
      specialNeeds: 'Needs glasses',
      birthCertificateUrl: created.birthCertificateUrl,
      createdAt: created.createdAt,
      updatedAt: '2026-03-02T08:01:00.000Z',
    });
    const [event] = await h.sql<{ payload: { fullName: string } }>(
      `SELECT payload FROM outbox WHERE subject = 'beneficiaries.beneficiary.updated' AND payload->>'beneficiaryId' = $1`,
      [created.id],
    );
    expect(event.payload.fullName).toBe('Baraka W. Wanjala');
  });

  it('validates a PUT like a create and answers 404 for an unknown child', async () => {
    const { body } = await create().expect(201);
    const res = await request(h.url)
      .put(`/api/beneficiaries/${body.id}`)
      .set(as('admin'))
      .send(childForm({ guardianPhone: ' ' }))
      .expect(400);
    expect(res.body.errors).toEqual([{ path: 'guardianPhone', message: 'Guardian phone is required' }]);
    await request(h.url).put('/api/beneficiaries/KCF-999999').set(as('admin')).send(childForm()).expect(404);
    await request(h.url).put(`/api/beneficiaries/${body.id}`).set(as('viewer')).send(childForm()).expect(403);
  });

  it('lets only the superadmin delete, then the child is gone', async () => {
    const { body } = await create({ fullName: 'To Be Deleted' }).expect(201);
    await request(h.url).delete(`/api/beneficiaries/${body.id}`).set(as('admin')).expect(403);
    const res = await request(h.url).delete(`/api/beneficiaries/${body.id}`).set(as('superadmin')).expect(200);
    expect(res.body.message).toBe('Beneficiary deleted successfully');
    await request(h.url).get(`/api/beneficiaries/${body.id}`).set(as('viewer')).expect(404);
    await request(h.url).delete(`/api/beneficiaries/${body.id}`).set(as('superadmin')).expect(404);
    const subjects = await h.sql<{ subject: string; deleted: string | null }>(
      `SELECT subject, payload->>'deleted' AS deleted FROM outbox WHERE payload->>'beneficiaryId' = $1 OR payload->>'recordId' = $1 ORDER BY seq`,
      [body.id],
    );
    expect(subjects.slice(-2)).toEqual([
      { subject: 'beneficiaries.beneficiary.deleted', deleted: null },
      { subject: 'records.created-by', deleted: 'true' },
    ]);
  });
});
