import request from 'supertest';
import { as, asSystem, childForm, startBeneficiaries, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

describe('internal calls (service to service)', () => {
  it('counts children, those in school and those with special needs for the dashboard', async () => {
    expect((await request(h.url).get('/internal/stats').set(asSystem()).expect(200)).body).toEqual({
      totalBeneficiaries: 0,
      activeInSchool: 0,
      specialNeeds: 0,
    });
    await request(h.url)
      .post('/api/beneficiaries/import')
      .set(as('admin'))
      .send({
        beneficiaries: [
          childForm(),
          { ...childForm(), isActive: false },
          { ...childForm(), specialNeeds: 'Asthma' },
          { ...childForm(), isActive: false, specialNeedRecords: [{ category: 'food', description: 'Lunch', status: 'resolved', dateIdentified: '2024-01-01', dateResolved: '2024-06-01' }] },
        ],
      })
      .expect(201);
    expect((await request(h.url).get('/internal/stats').set(asSystem()).expect(200)).body).toEqual({
      totalBeneficiaries: 4,
      activeInSchool: 2,
      specialNeeds: 2,
    });
  });

  it('tells svc-finance whether a child exists', async () => {
    const { body } = await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm({ fullName: 'Exists Child' })).expect(201);
    expect((await request(h.url).get(`/internal/beneficiaries/${body.id}/exists`).set(asSystem()).expect(200)).body).toEqual({
      exists: true,
      beneficiary: { id: body.id, fullName: 'Exists Child', photoUrl: null, photoThumbnailUrl: null },
      registrationWithdrawn: false,
    });
    for (const id of ['KCF-999999', 'nonsense']) {
      expect((await request(h.url).get(`/internal/beneficiaries/${id}/exists`).set(asSystem()).expect(200)).body).toEqual({ exists: false, beneficiary: null, registrationWithdrawn: false });
    }
  });

  it('reports the events not yet published, which the relay drains', async () => {
    await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201);
    const deadline = Date.now() + 10_000;
    let pending = -1;
    while (Date.now() < deadline) {
      pending = (await request(h.url).get('/internal/outbox').set(asSystem()).expect(200)).body.pending;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(pending).toBe(0);
    const unsent = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL`);
    expect(unsent[0].n).toBe(0);
  });
});
