import request from 'supertest';
import { as, asBeneficiary, asSystem, childForm, startBeneficiaries, type Harness } from './harness';

/**
 * What the dashboard shows of consent (GET /internal/consents/overview) and the list's consent filter it
 * links to (GET /api/beneficiaries?consent=registration_missing|photos_missing): the same children, counted
 * on the foundation's date, so a grant that expires overnight counts as missing the next morning without
 * any write.
 */

let h: Harness;
const START = new Date('2026-03-02T08:00:00Z'); // 2 March in Nairobi
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(() => h.clock.set(START));

const api = () => request(h.url);
const DAY = 24 * 60 * 60 * 1000;
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

async function newChild(fullName: string, consents: Record<string, object> = {}): Promise<string> {
  const id = (await api().post('/api/beneficiaries').set(as('admin')).send(childForm({ fullName })).expect(201)).body
    .id;
  for (const [purpose, body] of Object.entries(consents))
    await api().put(`/api/beneficiaries/${id}/consents/${purpose}`).set(as('admin')).send(body).expect(200);
  return id;
}

const overview = async () => (await api().get('/internal/consents/overview').set(asSystem()).expect(200)).body;

/** The ids the filtered list answers (every page, by name), and its X-Total-Count. */
async function listed(consent: string, headers = as('viewer')): Promise<{ ids: string[]; total: number }> {
  const res = await api()
    .get('/api/beneficiaries')
    .query({ consent, sort: 'fullName', limit: 500 })
    .set(headers)
    .expect(200);
  return { ids: res.body.map((c: { id: string }) => c.id).sort(), total: Number(res.headers['x-total-count']) };
}

describe('children lacking consent: the dashboard counts and the filtered list', () => {
  it('counts and lists the children without a registration or photo consent that counts today', async () => {
    const none = await newChild('Consent None');
    const both = await newChild('Consent Both', { registration: GRANT, photos_internal: GRANT });
    const soon = await newChild('Consent Soon', {
      registration: { ...GRANT, expiresOn: '2026-03-10' },
      photos_internal: { ...GRANT, expiresOn: '2026-03-02' },
    });
    const expired = await newChild('Consent Expired', {
      registration: { ...GRANT, expiresOn: '2026-03-01' },
      photos_internal: GRANT,
    });
    const withdrawn = await newChild('Consent Withdrawn', { registration: WITHDRAW, photos_internal: WITHDRAW });
    const regranted = await newChild('Consent Regranted', { registration: WITHDRAW, photos_internal: GRANT });
    await api().put(`/api/beneficiaries/${regranted}/consents/registration`).set(as('admin')).send(GRANT).expect(200);
    const medicalOnly = await newChild('Consent Medical Only', { medical: GRANT, photos_donor: GRANT });

    const registration = await listed('registration_missing');
    expect(registration.ids).toEqual([none, expired, withdrawn, medicalOnly].sort());
    const photos = await listed('photos_missing');
    expect(photos.ids).toEqual([none, withdrawn, medicalOnly].sort());
    expect(registration.total).toBe(4);
    expect(photos.total).toBe(3);
    expect(await overview()).toMatchObject({ registrationMissing: 4, photosMissing: 3 });
    // Children with consent are not in either list.
    expect([...registration.ids, ...photos.ids]).not.toContain(both);
    expect([...registration.ids, ...photos.ids]).not.toContain(regranted);

    // 3 March in Nairobi: the photo grant whose last day was 2 March no longer counts. No write in between,
    // so the list's remembered total for yesterday's filter must not be reused.
    h.clock.set(new Date('2026-03-02T21:30:00Z'));
    expect(await listed('photos_missing')).toEqual({ ids: [none, soon, withdrawn, medicalOnly].sort(), total: 4 });
    expect(await overview()).toMatchObject({ registrationMissing: 4, photosMissing: 4 });
    // 11 March: the registration grant has ended too.
    h.clock.set(START.getTime() + 9 * DAY);
    expect(await listed('registration_missing')).toEqual({
      ids: [none, soon, expired, withdrawn, medicalOnly].sort(),
      total: 5,
    });
    expect((await overview()).registrationMissing).toBe(5);
    h.clock.set(START);

    // A grant recorded now takes the child off the list at once; a withdrawal puts it on.
    await api().put(`/api/beneficiaries/${none}/consents/registration`).set(as('admin')).send(GRANT).expect(200);
    await api()
      .put(`/api/beneficiaries/${both}/consents/photos_internal`)
      .set(asBeneficiary(both))
      .send(WITHDRAW)
      .expect(200);
    expect((await listed('registration_missing')).ids).toEqual([expired, withdrawn, medicalOnly].sort());
    expect((await listed('photos_missing')).ids).toEqual([none, both, withdrawn, medicalOnly].sort());
    expect(await overview()).toMatchObject({ registrationMissing: 3, photosMissing: 4 });

    // Deleted children are counted no more.
    await api().delete(`/api/beneficiaries/${medicalOnly}`).set(as('superadmin')).expect(200);
    expect(await overview()).toMatchObject({ registrationMissing: 2, photosMissing: 3 });
  });

  it('combines with the other filters, sorts, pages (from either end) and exports', async () => {
    const names = ['Paged Amani', 'Paged Baraka', 'Paged Chege', 'Paged Dalia', 'Paged Eshe'];
    const ids: string[] = [];
    for (const name of names) ids.push(await newChild(name, name === 'Paged Chege' ? { registration: GRANT } : {}));
    const missing = names.filter((n) => n !== 'Paged Chege');
    const page = async (offset: number, dir = 'asc') => {
      const res = await api()
        .get('/api/beneficiaries')
        .query({ consent: 'registration_missing', search: 'paged', sort: 'fullName', dir, limit: 2, offset })
        .set(as('admin'))
        .expect(200);
      return { names: res.body.map((c: { fullName: string }) => c.fullName), total: res.headers['x-total-count'] };
    };
    expect(await page(0)).toEqual({ names: missing.slice(0, 2), total: '4' });
    expect(await page(2)).toEqual({ names: missing.slice(2, 4), total: '4' });
    // Past the middle once the total is known: walked from the end, same rows.
    expect(await page(3)).toEqual({ names: missing.slice(3), total: '4' });
    expect(await page(0, 'desc')).toEqual({ names: [...missing].reverse().slice(0, 2), total: '4' });

    const csv = await api()
      .get('/api/beneficiaries/export.csv')
      .query({ consent: 'registration_missing', search: 'paged' })
      .set(as('viewer'))
      .expect(200);
    expect(csv.headers['x-total-count']).toBe('4');
    expect(csv.text).not.toContain('Paged Chege');
    expect(csv.text).toContain('Paged Amani');
  });

  it('keeps a beneficiary user to its own child, and refuses an unknown filter (400)', async () => {
    const own = await newChild('Own Child Missing');
    expect(await listed('registration_missing', asBeneficiary(own))).toEqual({ ids: [own], total: 1 });
    await api().put(`/api/beneficiaries/${own}/consents/registration`).set(as('admin')).send(GRANT).expect(200);
    expect(await listed('registration_missing', asBeneficiary(own))).toEqual({ ids: [], total: 0 });
    const bad = await api()
      .get('/api/beneficiaries')
      .query({ consent: 'medical_missing' })
      .set(as('viewer'))
      .expect(400);
    expect(bad.body.errors).toEqual([
      { path: 'consent', message: 'Consent must be one of: registration_missing, photos_missing' },
    ]);
    // 'all' is no filter, as for the other filters.
    const all = await api().get('/api/beneficiaries').query({ consent: 'all', limit: 1 }).set(as('viewer')).expect(200);
    expect(Number(all.headers['x-total-count'])).toBe(
      Number(
        (await api().get('/api/beneficiaries').query({ limit: 1 }).set(as('viewer')).expect(200)).headers[
          'x-total-count'
        ],
      ),
    );
  });
});

describe('consents expiring in the next 30 days', () => {
  it('lists the current grants whose last day is today to 30 days ahead, soonest first, at most ten, with the total', async () => {
    // Later in the year, past every grant the tests above recorded.
    const JUNE = new Date('2026-06-01T08:00:00Z');
    h.clock.set(JUNE);
    const today = await newChild('Expiring Today', { medical: { ...GRANT, expiresOn: '2026-06-01' } });
    const last = await newChild('Expiring Day Thirty', { photos_donor: { ...GRANT, expiresOn: '2026-07-01' } });
    await newChild('Expiring Day Thirty One', { photos_donor: { ...GRANT, expiresOn: '2026-07-02' } });
    await newChild('Expired Yesterday', { medical: { ...GRANT, expiresOn: '2026-05-31' } });
    const replaced = await newChild('Expiring Replaced', { registration: { ...GRANT, expiresOn: '2026-06-04' } });
    await api()
      .put(`/api/beneficiaries/${replaced}/consents/registration`)
      .set(as('admin'))
      .send({ ...GRANT, expiresOn: '2027-06-04' })
      .expect(200);
    const withdrawnAfter = await newChild('Expiring Withdrawn', { medical: { ...GRANT, expiresOn: '2026-06-05' } });
    await api()
      .put(`/api/beneficiaries/${withdrawnAfter}/consents/medical`)
      .set(as('admin'))
      .send(WITHDRAW)
      .expect(200);
    const many: string[] = [];
    for (let i = 0; i < 10; i += 1)
      many.push(
        await newChild(`Expiring Many ${i}`, {
          registration: { ...GRANT, expiresOn: `2026-06-${String(10 + i).padStart(2, '0')}` },
        }),
      );
    const two = await newChild('Expiring Two Purposes', {
      registration: { ...GRANT, expiresOn: '2026-06-02' },
      photos_internal: { ...GRANT, expiresOn: '2026-06-02' },
    });

    const answer = await overview();
    expect(answer.expiringTotal).toBe(14);
    expect(answer.expiring).toHaveLength(10);
    expect(answer.expiring.slice(0, 4)).toEqual([
      { beneficiaryId: today, fullName: 'Expiring Today', purpose: 'medical', expiresOn: '2026-06-01' },
      { beneficiaryId: two, fullName: 'Expiring Two Purposes', purpose: 'registration', expiresOn: '2026-06-02' },
      { beneficiaryId: two, fullName: 'Expiring Two Purposes', purpose: 'photos_internal', expiresOn: '2026-06-02' },
      { beneficiaryId: many[0], fullName: 'Expiring Many 0', purpose: 'registration', expiresOn: '2026-06-10' },
    ]);
    const dates = answer.expiring.map((e: { expiresOn: string }) => e.expiresOn);
    expect(dates).toEqual([...dates].sort());
    expect(answer.expiring.map((e: { beneficiaryId: string }) => e.beneficiaryId)).not.toContain(replaced);
    expect(answer.expiring.map((e: { beneficiaryId: string }) => e.beneficiaryId)).not.toContain(withdrawnAfter);

    // 20 days later: the earlier ones have expired, the 30th day's grant is still in the window.
    h.clock.set(JUNE.getTime() + 20 * DAY);
    const later = await overview();
    expect(later.expiring.map((e: { fullName: string }) => e.fullName)).toEqual([
      'Expiring Day Thirty',
      'Expiring Day Thirty One',
    ]);
    expect(later.expiring[0]).toEqual({
      beneficiaryId: last,
      fullName: 'Expiring Day Thirty',
      purpose: 'photos_donor',
      expiresOn: '2026-07-01',
    });
  });
});

describe('the internal calls', () => {
  it("answers only the product's services", async () => {
    await api().get('/internal/consents/overview').set(as('superadmin')).expect(403);
    await api().get('/internal/consents/overview').expect(401);
  });

  it("tells svc-finance whether a child's registration consent is withdrawn", async () => {
    const id = await newChild('Finance Asks', { registration: WITHDRAW });
    expect((await api().get(`/internal/beneficiaries/${id}/exists`).set(asSystem()).expect(200)).body).toMatchObject({
      exists: true,
      registrationWithdrawn: true,
    });
    await api().put(`/api/beneficiaries/${id}/consents/registration`).set(as('admin')).send(GRANT).expect(200);
    expect((await api().get(`/internal/beneficiaries/${id}/exists`).set(asSystem()).expect(200)).body).toMatchObject({
      exists: true,
      registrationWithdrawn: false,
    });
  });
});
