import request from 'supertest';
import { INTERNAL } from '@kcf/contracts';
import { AppError, InternalClient } from '@kcf/server-kit';
import { as, asSystem, childForm, SECRET, startBeneficiaries, type Harness } from './harness';

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
          {
            ...childForm(),
            isActive: false,
            specialNeedRecords: [
              {
                category: 'food',
                description: 'Lunch',
                status: 'resolved',
                dateIdentified: '2024-01-01',
                dateResolved: '2024-06-01',
              },
            ],
          },
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
    const { body } = await request(h.url)
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: 'Exists Child' }))
      .expect(201);
    expect(
      (await request(h.url).get(`/internal/beneficiaries/${body.id}/exists`).set(asSystem()).expect(200)).body,
    ).toEqual({
      exists: true,
      beneficiary: { id: body.id, fullName: 'Exists Child', photoUrl: null, photoThumbnailUrl: null },
      registrationWithdrawn: false,
    });
    for (const id of ['KCF-999999', 'nonsense']) {
      expect(
        (await request(h.url).get(`/internal/beneficiaries/${id}/exists`).set(asSystem()).expect(200)).body,
      ).toEqual({ exists: false, beneficiary: null, registrationWithdrawn: false });
    }
  });

  it('names the contract and version of each internal answer, which the caller checks', async () => {
    const res = await request(h.url).get('/internal/stats').set(asSystem()).expect(200);
    expect(res.headers['x-kcf-contract']).toBe('beneficiaryStats@1.0');
    expect(
      (await request(h.url).get('/internal/consents/overview').set(asSystem()).expect(200)).headers['x-kcf-contract'],
    ).toBe('consentOverview@1.0');
    const client = new InternalClient(h.url, SECRET, 'gateway');
    // A caller of the same major (an older or newer minor) reads the answer.
    await expect(client.call({ ...INTERNAL.beneficiaryStats, version: '1.4' }, undefined)).resolves.toMatchObject({
      totalBeneficiaries: expect.any(Number),
    });
    // A caller built for another major refuses it with a 502, not a crash.
    const refused = await client
      .call({ ...INTERNAL.beneficiaryStats, version: '2.0' }, undefined)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(502);
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
