import request from 'supertest';
import { as, asBeneficiary, asSystem, childForm, startBeneficiaries, USERS, type Harness } from './harness';

let h: Harness;
let child: string;
beforeAll(async () => {
  h = await startBeneficiaries();
  child = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201)).body.id;
});
afterAll(async () => {
  await h?.stop();
});

const path = (kind: string, id = child) => `/api/beneficiaries/${id}/${kind}`;

describe.each([
  {
    kind: 'household-members',
    recordType: 'household_member',
    valid: { name: 'Grace Wanjala', relationship: 'Mother', age: '38' },
    answer: { name: 'Grace Wanjala', relationship: 'Mother', age: 38 },
    changed: { name: 'Grace W.', relationship: 'Aunt', age: 39 },
    required: [
      { path: 'name', message: 'Name is required' },
      { path: 'relationship', message: 'Relationship is required' },
      { path: 'age', message: 'Age is required' },
    ],
    deleted: 'Household member deleted successfully',
  },
  {
    kind: 'school-performance',
    recordType: 'school_performance',
    valid: { subject: 'Mathematics', term: 'Term 1', grade: 'B+' },
    answer: { subject: 'Mathematics', term: 'Term 1', grade: 'B+' },
    changed: { subject: 'Kiswahili', term: 'Term 2', grade: 'A' },
    required: [
      { path: 'subject', message: 'Subject is required' },
      { path: 'term', message: 'Term is required' },
      { path: 'grade', message: 'Grade is required' },
    ],
    deleted: 'Performance entry deleted successfully',
  },
  {
    kind: 'school-fees',
    recordType: 'school_fee',
    valid: { term: 'Term 1', year: '2026', amount: '4500' },
    answer: { term: 'Term 1', year: 2026, amount: '4500.00' },
    changed: { term: 'Term 3', year: 2025, amount: '3200.50' },
    required: [
      { path: 'term', message: 'Term is required' },
      { path: 'year', message: 'Year is required' },
      { path: 'amount', message: 'Amount is required' },
    ],
    deleted: 'School fee deleted successfully',
  },
])('$kind', ({ kind, recordType, valid, answer, changed, required, deleted }) => {
  it('creates (admin), lists (every reader), updates and deletes (superadmin)', async () => {
    const created = await request(h.url).post(path(kind)).set(as('admin')).send(valid).expect(201);
    expect(created.body).toMatchObject({ id: expect.any(String), beneficiaryId: child, ...answer });
    const listed = await request(h.url).get(path(kind)).set(as('viewer')).expect(200);
    expect(listed.body).toContainEqual(created.body);
    const mine = await request(h.url).get(path(kind)).set(asBeneficiary(child)).expect(200);
    expect(mine.body).toContainEqual(created.body);

    const updated = await request(h.url)
      .put(`${path(kind)}/${created.body.id}`)
      .set(as('admin'))
      .send(changed)
      .expect(200);
    expect(updated.body).toMatchObject({ id: created.body.id, ...changed });

    await request(h.url)
      .delete(`${path(kind)}/${created.body.id}`)
      .set(as('admin'))
      .expect(403);
    const res = await request(h.url)
      .delete(`${path(kind)}/${created.body.id}`)
      .set(as('superadmin'))
      .expect(200);
    expect(res.body.message).toBe(deleted);
    expect((await request(h.url).get(path(kind)).set(as('viewer'))).body).not.toContainEqual(
      expect.objectContaining({ id: created.body.id }),
    );
    const facts = await h.sql<{ deleted: boolean; userId: string }>(
      `SELECT (payload->>'deleted')::boolean AS deleted, payload->>'userId' AS "userId" FROM outbox WHERE payload->>'recordId' = $1 AND payload->>'recordType' = $2 ORDER BY seq`,
      [created.body.id, recordType],
    );
    expect(facts).toEqual([
      { deleted: false, userId: USERS.admin.userId },
      { deleted: true, userId: USERS.admin.userId },
    ]);
  });

  it('gives the field messages, 404 for unknown children and records, 403 for viewers', async () => {
    const res = await request(h.url).post(path(kind)).set(as('admin')).send({}).expect(400);
    expect(res.body.errors).toEqual(required);
    await request(h.url).post(path(kind, 'KCF-999999')).set(as('admin')).send(valid).expect(404);
    await request(h.url).get(path(kind, 'KCF-999999')).set(as('viewer')).expect(404);
    await request(h.url)
      .put(`${path(kind)}/00000000-0000-4000-8000-000000000000`)
      .set(as('admin'))
      .send(valid)
      .expect(404);
    await request(h.url)
      .put(`${path(kind)}/not-a-uuid`)
      .set(as('admin'))
      .send(valid)
      .expect(404);
    await request(h.url)
      .delete(`${path(kind)}/00000000-0000-4000-8000-000000000000`)
      .set(as('superadmin'))
      .expect(404);
    await request(h.url).post(path(kind)).set(as('viewer')).send(valid).expect(403);
  });

  if (kind === 'school-fees') {
    it('refuses an amount larger than a fee can hold', async () => {
      const res = await request(h.url)
        .post(path(kind))
        .set(as('admin'))
        .send({ ...valid, amount: '10000000000' })
        .expect(400);
      expect(res.body.errors).toEqual([{ path: 'amount', message: 'Amount must be at most 9,999,999,999.99' }]);
      await request(h.url)
        .post(path(kind))
        .set(as('admin'))
        .send({ ...valid, amount: '9999999999.99' })
        .expect(201);
    });
  }

  it('does not touch a record through another child', async () => {
    const other = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201)).body
      .id;
    const created = await request(h.url).post(path(kind)).set(as('admin')).send(valid).expect(201);
    await request(h.url)
      .put(`${path(kind, other)}/${created.body.id}`)
      .set(as('admin'))
      .send(changed)
      .expect(404);
    await request(h.url)
      .delete(`${path(kind, other)}/${created.body.id}`)
      .set(as('superadmin'))
      .expect(404);
  });
});

describe('order of performance and fees (the detail page shows the first three)', () => {
  it('lists performance newest first and fees by the most recent term', async () => {
    const id = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201)).body.id;
    for (const subject of ['English', 'Science', 'Mathematics']) {
      h.clock.advance(1000);
      await request(h.url)
        .post(path('school-performance', id))
        .set(as('admin'))
        .send({ subject, term: 'Term 1', grade: 'A' })
        .expect(201);
    }
    for (const [term, year] of [
      ['Term 3', 2024],
      ['Term 1', 2026],
      ['Term 2', 2025],
    ] as const) {
      await request(h.url)
        .post(path('school-fees', id))
        .set(as('admin'))
        .send({ term, year, amount: 1000 })
        .expect(201);
    }
    const performance = await request(h.url).get(path('school-performance', id)).set(as('viewer')).expect(200);
    expect(performance.body.map((p: { subject: string }) => p.subject)).toEqual(['Mathematics', 'Science', 'English']);
    const fees = await request(h.url).get(path('school-fees', id)).set(as('viewer')).expect(200);
    expect(fees.body.map((f: { term: string; year: number }) => `${f.term} ${f.year}`)).toEqual([
      'Term 1 2026',
      'Term 2 2025',
      'Term 3 2024',
    ]);
  });
});

describe('special needs', () => {
  const need = {
    category: 'health',
    description: 'Needs glasses',
    status: 'active',
    dateIdentified: '2025-02-01',
    notes: 'Eye clinic in Kakamega',
  };

  it('creates, lists, updates and deletes, keeping the date resolved only while resolved', async () => {
    const id = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201)).body.id;
    const created = await request(h.url)
      .post(`/api/beneficiaries/${id}/special-needs`)
      .set(as('admin'))
      .send({ ...need, dateResolved: '2025-03-01' })
      .expect(201);
    expect(created.body).toMatchObject({
      ...need,
      beneficiaryId: id,
      dateResolved: null,
      createdBy: USERS.admin.userId,
    });
    expect((await request(h.url).get(`/api/beneficiaries/${id}`).set(as('viewer'))).body.hasSpecialNeeds).toBe(true);

    const resolved = await request(h.url)
      .put(`/api/special-needs/${created.body.id}`)
      .set(as('admin'))
      .send({ ...need, status: 'resolved', dateResolved: '2025-03-01', notes: '' })
      .expect(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', dateResolved: '2025-03-01', notes: null });
    const reopened = await request(h.url)
      .put(`/api/special-needs/${created.body.id}`)
      .set(as('admin'))
      .send({ ...need, status: 'ongoing', dateResolved: '2025-03-01' })
      .expect(200);
    expect(reopened.body.dateResolved).toBeNull();

    const listed = await request(h.url)
      .get(`/api/beneficiaries/${id}/special-needs`)
      .set(asBeneficiary(id))
      .expect(200);
    expect(listed.body).toEqual([reopened.body]);

    await request(h.url).delete(`/api/special-needs/${created.body.id}`).set(as('admin')).expect(403);
    const res = await request(h.url).delete(`/api/special-needs/${created.body.id}`).set(as('superadmin')).expect(200);
    expect(res.body.message).toBe('Special need entry deleted successfully');
    expect((await request(h.url).get(`/api/beneficiaries/${id}`).set(as('viewer'))).body.hasSpecialNeeds).toBe(false);
    await request(h.url).delete(`/api/special-needs/${created.body.id}`).set(as('superadmin')).expect(404);
  });

  it('gives the product’s messages', async () => {
    const res = await request(h.url)
      .post(`/api/beneficiaries/${child}/special-needs`)
      .set(as('admin'))
      .send({})
      .expect(400);
    expect(res.body.errors).toEqual([
      { path: 'category', message: 'Category is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'status', message: 'Status is required' },
      { path: 'dateIdentified', message: 'Date identified is required' },
    ]);
    await request(h.url).post('/api/beneficiaries/KCF-999999/special-needs').set(as('admin')).send(need).expect(404);
    await request(h.url)
      .put('/api/special-needs/00000000-0000-4000-8000-000000000000')
      .set(as('admin'))
      .send(need)
      .expect(404);
  });

  it('counts children with special needs for the dashboard, once each', async () => {
    const before = (await request(h.url).get('/internal/stats').set(asSystem()).expect(200)).body;
    const id = (
      await request(h.url)
        .post('/api/beneficiaries')
        .set(as('admin'))
        .send(childForm({ specialNeeds: 'Epilepsy' }))
        .expect(201)
    ).body.id;
    await request(h.url).post(`/api/beneficiaries/${id}/special-needs`).set(as('admin')).send(need).expect(201);
    await request(h.url)
      .post(`/api/beneficiaries/${id}/special-needs`)
      .set(as('admin'))
      .send({ ...need, category: 'food' })
      .expect(201);
    const after = (await request(h.url).get('/internal/stats').set(asSystem()).expect(200)).body;
    expect(after.totalBeneficiaries - before.totalBeneficiaries).toBe(1);
    expect(after.specialNeeds - before.specialNeeds).toBe(1);
  });
});
