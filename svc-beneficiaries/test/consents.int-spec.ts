import request from 'supertest';
import sharp from 'sharp';
import { PhotoConsentGraceJob } from '../src/consents/photo-consent-grace.job';
import { jpeg, pdf, png } from './fixtures';
import { as, asBeneficiary, childForm, startBeneficiaries, type Harness } from './harness';

/**
 * Consent by purpose: the routes, who may record what, and what each state of each purpose lets the other
 * routes do (the server decides; the screens only hide what it refuses).
 */

let h: Harness;
const START = new Date('2026-03-02T08:00:00Z');
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
const PHOTO_CONSENT_MISSING =
  'Photos (internal) consent has not been recorded for this child: record it before adding a photo';
/** A grant that counts until 31 March (the foundation's calendar). */
const GRANT_UNTIL_MARCH = { ...GRANT, expiresOn: '2026-03-31' };
/** 1 April in Nairobi: a grant until 31 March has expired. */
const AFTER_MARCH = new Date('2026-03-31T21:30:00Z');

async function newChild(name = 'Baraka Wanjala'): Promise<string> {
  return (
    await api()
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: name }))
      .expect(201)
  ).body.id;
}

async function setConsent(id: string, purpose: string, body: object): Promise<void> {
  await api().put(`/api/beneficiaries/${id}/consents/${purpose}`).set(as('admin')).send(body).expect(200);
}

/** A child with the purpose in `state` ('not_recorded': nothing recorded). */
async function childWith(
  purpose: string,
  state: 'not_recorded' | 'granted' | 'withdrawn',
  name?: string,
): Promise<string> {
  const id = await newChild(name);
  if (state !== 'not_recorded') await setConsent(id, purpose, state === 'granted' ? GRANT : WITHDRAW);
  return id;
}

function uploadPhoto(id: string) {
  return api().post(`/api/beneficiaries/${id}/photo`).set(as('admin')).attach('photo', png(), 'p.png');
}

/** A photo of the child, taken with its photo consent granted (`until` its expiry, if given). */
async function photoWithConsent(id: string, grant: object = GRANT): Promise<void> {
  await setConsent(id, 'photos_internal', grant);
  await uploadPhoto(id).expect(200);
}

async function stateOf(id: string, purpose: string): Promise<string> {
  const res = await api().get(`/api/beneficiaries/${id}/consents`).set(as('viewer')).expect(200);
  return res.body.find((c: { purpose: string }) => c.purpose === purpose).state;
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function giftWithPhoto(
  childId: string,
): Promise<{ id: string; photoCardUrl: string; beneficiary: { photoUrl: string | null } }> {
  const req = api().post('/api/gifts').set(as('admin'));
  for (const [k, v] of Object.entries({
    beneficiaryId: childId,
    giftType: 'christmas',
    amount: '100',
    description: 'Hamper',
    contents: 'Rice',
    dateGiven: '2025-12-20',
  }))
    req.field(k, v);
  return (await req.attach('giftPhoto', jpeg(), 'g.jpg').expect(201)).body;
}

/** Whether the gift's card is the initials placeholder (800x336, made by the server) rather than the 8x8 photo's card. */
async function cardIsPlaceholder(giftId: string): Promise<boolean> {
  const card = await binary(api().get(`/api/gifts/${giftId}/photo/card`).set(as('viewer'))).expect(200);
  expect(card.headers['content-type']).toBe('image/jpeg');
  const meta = await sharp(card.body as Buffer).metadata();
  return meta.width === 800 && meta.height === 336;
}

describe('consent routes', () => {
  it('answers the four purposes, not recorded for a child without consents', async () => {
    const id = await newChild();
    const res = await api().get(`/api/beneficiaries/${id}/consents`).set(as('viewer')).expect(200);
    expect(res.body.map((c: { purpose: string; state: string }) => [c.purpose, c.state])).toEqual([
      ['registration', 'not_recorded'],
      ['medical', 'not_recorded'],
      ['photos_internal', 'not_recorded'],
      ['photos_donor', 'not_recorded'],
    ]);
    expect(res.body[0]).toEqual({
      purpose: 'registration',
      state: 'not_recorded',
      givenBy: null,
      relationship: null,
      method: null,
      witness: null,
      date: null,
      expiresOn: null,
      recordedBy: null,
      evidenceDocumentId: null,
      recordedAt: null,
    });
    await api().get(`/api/beneficiaries/${id}/consents`).set(asBeneficiary(id)).expect(200);
    await api().get(`/api/beneficiaries/${id}/consents`).set(asBeneficiary('KCF-999999')).expect(404);
    await api().get('/api/beneficiaries/KCF-999999/consents').set(as('admin')).expect(404);
  });

  it('records a grant with its evidence and answers the purpose record; the history lists every change, newest first', async () => {
    const id = await newChild();
    const doc = (
      await api()
        .post(`/api/beneficiaries/${id}/documents`)
        .set(as('admin'))
        .field('documentType', 'legal')
        .attach('document', pdf(), 'form.pdf')
        .expect(201)
    ).body;
    const res = await api()
      .put(`/api/beneficiaries/${id}/consents/registration`)
      .set(as('admin'))
      .send({ ...GRANT, expiresOn: '2028-02-01', evidenceDocumentId: doc.id })
      .expect(200);
    expect(res.body).toEqual({
      purpose: 'registration',
      state: 'granted',
      givenBy: 'Mary Wanjala',
      relationship: 'Mother',
      method: 'signed_form',
      witness: null,
      date: '2026-02-01',
      expiresOn: '2028-02-01',
      recordedBy: 'Mary Wanjiku',
      evidenceDocumentId: doc.id,
      recordedAt: '2026-03-02T08:00:00.000Z',
    });
    h.clock.advance(1000);
    await api().put(`/api/beneficiaries/${id}/consents/registration`).set(asBeneficiary(id)).send(WITHDRAW).expect(200);
    const history = (await api().get(`/api/beneficiaries/${id}/consents/history`).set(as('viewer')).expect(200)).body;
    expect(history.map((e: { state: string; purpose: string }) => [e.purpose, e.state])).toEqual([
      ['registration', 'withdrawn'],
      ['registration', 'granted'],
    ]);
    expect(await stateOf(id, 'registration')).toBe('withdrawn');
  });

  it('withdraws photos in donor reports with photos (internal), in the same change: a donor photo needs the internal one', async () => {
    const both = await newChild('Both Photo Consents');
    const internalOnly = await newChild('Internal Photo Consent');
    for (const purpose of ['photos_internal', 'photos_donor']) await setConsent(both, purpose, GRANT);
    await setConsent(internalOnly, 'photos_internal', GRANT);
    h.clock.advance(1000);
    const answer = await api()
      .put(`/api/beneficiaries/${both}/consents/photos_internal`)
      .set(asBeneficiary(both))
      .set('Idempotency-Key', 'withdraw-photos-1')
      .send(WITHDRAW)
      .expect(200);
    expect(answer.body).toMatchObject({ purpose: 'photos_internal', state: 'withdrawn' });
    expect(await stateOf(both, 'photos_donor')).toBe('withdrawn');
    const history = (await api().get(`/api/beneficiaries/${both}/consents/history`).set(as('viewer')).expect(200)).body;
    // The donor purpose's withdrawal is recorded with the same guardian, method, witness and date.
    expect(history.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          purpose: 'photos_internal',
          state: 'withdrawn',
          givenBy: 'Mary Wanjala',
          method: 'verbal',
          witness: 'Peter Otieno',
          date: '2026-02-20',
        }),
        expect.objectContaining({
          purpose: 'photos_donor',
          state: 'withdrawn',
          givenBy: 'Mary Wanjala',
          method: 'verbal',
          witness: 'Peter Otieno',
          date: '2026-02-20',
        }),
      ]),
    );
    // Each is in the audit trail, written by the same request.
    const entries = await h.sql<{
      entity_id: string;
      request_id: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }>(
      `SELECT entity_id, request_id, changes FROM audit_entries WHERE entity_type = 'consent' AND beneficiary_id = $1 AND action = 'update' ORDER BY seq`,
      [both],
    );
    expect(entries.map((e) => e.entity_id)).toEqual([`${both}:photos_internal`, `${both}:photos_donor`]);
    expect(entries[0].request_id).toBe(entries[1].request_id);
    expect(entries[1].changes).toContainEqual({ field: 'state', from: 'granted', to: 'withdrawn' });
    // The same request again changes nothing more.
    await api()
      .put(`/api/beneficiaries/${both}/consents/photos_internal`)
      .set(asBeneficiary(both))
      .set('Idempotency-Key', 'withdraw-photos-1')
      .send(WITHDRAW)
      .expect(200);
    expect(
      (await api().get(`/api/beneficiaries/${both}/consents/history`).set(as('viewer')).expect(200)).body,
    ).toHaveLength(4);
    // A donor purpose never granted stays as it was.
    await api()
      .put(`/api/beneficiaries/${internalOnly}/consents/photos_internal`)
      .set(as('admin'))
      .send(WITHDRAW)
      .expect(200);
    expect(await stateOf(internalOnly, 'photos_donor')).toBe('not_recorded');
    expect(
      (await api().get(`/api/beneficiaries/${internalOnly}/consents/history`).set(as('viewer')).expect(200)).body,
    ).toHaveLength(2);
  });

  it("keeps a consent's evidence: its document cannot be deleted (409) while other documents can", async () => {
    const id = await newChild();
    const upload = async () =>
      (
        await api()
          .post(`/api/beneficiaries/${id}/documents`)
          .set(as('admin'))
          .field('documentType', 'legal')
          .attach('document', pdf(), 'form.pdf')
          .expect(201)
      ).body;
    const evidence = await upload();
    const other = await upload();
    await api()
      .put(`/api/beneficiaries/${id}/consents/photos_internal`)
      .set(as('admin'))
      .send({ ...GRANT, evidenceDocumentId: evidence.id })
      .expect(200);
    const refused = await api().delete(`/api/documents/${evidence.id}`).set(as('superadmin')).expect(409);
    expect(refused.body.message).toBe('This document is the evidence of a consent and cannot be deleted');
    await api().delete(`/api/documents/${other.id}`).set(as('superadmin')).expect(200);
    const left = (await api().get(`/api/beneficiaries/${id}/documents`).set(as('admin')).expect(200)).body.map(
      (d: { id: string }) => d.id,
    );
    expect(left).toEqual([evidence.id]);
  });

  it('refuses bodies that miss or misname a field (400) with clear messages', async () => {
    const id = await newChild();
    const put = (purpose: string, body: object) =>
      api().put(`/api/beneficiaries/${id}/consents/${purpose}`).set(as('admin')).send(body);
    const unknownPurpose = await put('newsletter', GRANT).expect(400);
    expect(unknownPurpose.body.message).toMatch(/registration, medical, photos_internal, photos_donor/);
    // Named as the Consent card labels the field: Given By for a grant, Withdrawn By for a withdrawal.
    const missing = await put('medical', { ...GRANT, givenBy: undefined }).expect(400);
    expect(missing.body.errors).toContainEqual({ path: 'givenBy', message: 'Given by is required' });
    const blank = await put('medical', { ...WITHDRAW, givenBy: '  ' }).expect(400);
    expect(blank.body.errors).toContainEqual({ path: 'givenBy', message: 'Withdrawn by is required' });
    const verbal = await put('medical', { ...GRANT, method: 'verbal' }).expect(400);
    expect(verbal.body.errors).toContainEqual({ path: 'witness', message: 'Witness is required for verbal consent' });
    const badState = await put('medical', { ...GRANT, state: 'not_recorded' }).expect(400);
    expect(badState.body.errors[0].path).toBe('state');
    const extra = await put('medical', { ...GRANT, colour: 'blue' }).expect(400);
    expect(JSON.stringify(extra.body.errors)).toMatch(/colour/);
    const expiry = await put('medical', { ...GRANT, expiresOn: '2026-01-01' }).expect(400);
    expect(expiry.body.errors).toContainEqual({ path: 'expiresOn', message: 'Expiry date must be after the date' });
    const evidence = await put('medical', {
      ...GRANT,
      evidenceDocumentId: '00000000-0000-4000-8000-000000000000',
    }).expect(400);
    expect(evidence.body.message).toBe('Evidence document not found for this child');
    expect(await stateOf(id, 'medical')).toBe('not_recorded');
  });

  it('lets admin and superadmin record for any child, the beneficiary user only withdraw for its own; the viewer is refused', async () => {
    const id = await newChild();
    const other = await newChild('Another Child');
    await api().put(`/api/beneficiaries/${id}/consents/medical`).set(as('viewer')).send(GRANT).expect(403);
    await api().put(`/api/beneficiaries/${id}/consents/medical`).set(as('superadmin')).send(GRANT).expect(200);
    const grant = await api()
      .put(`/api/beneficiaries/${id}/consents/medical`)
      .set(asBeneficiary(id))
      .send(GRANT)
      .expect(403);
    expect(grant.body.message).toBe('Only staff can record a grant of consent');
    await api().put(`/api/beneficiaries/${other}/consents/medical`).set(asBeneficiary(id)).send(WITHDRAW).expect(404);
    expect(await stateOf(other, 'medical')).toBe('not_recorded');
    const own = await api()
      .put(`/api/beneficiaries/${id}/consents/medical`)
      .set(asBeneficiary(id))
      .send(WITHDRAW)
      .expect(200);
    expect(own.body.state).toBe('withdrawn');
  });

  it('takes consents with a new child (JSON or multipart); without them every purpose is not recorded', async () => {
    const created = await api()
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send({ ...childForm(), consents: { registration: GRANT, photos_internal: WITHDRAW } })
      .expect(201);
    const states = (
      await api().get(`/api/beneficiaries/${created.body.id}/consents`).set(as('admin')).expect(200)
    ).body.map((c: { state: string }) => c.state);
    expect(states).toEqual(['granted', 'not_recorded', 'withdrawn', 'not_recorded']);

    const form = api().post('/api/beneficiaries').set(as('admin'));
    for (const [k, v] of Object.entries(childForm())) form.field(k, v);
    const multipart = await form
      .field('consents', JSON.stringify({ registration: GRANT }))
      .attach('birthCertificate', pdf(), 'bc.pdf')
      .expect(201);
    expect(await stateOf(multipart.body.id, 'registration')).toBe('granted');

    const bad = await api()
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send({ ...childForm(), consents: { newsletter: GRANT } })
      .expect(400);
    expect(JSON.stringify(bad.body.errors)).toMatch(/Consents may name only/);
    const missing = await api()
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send({ ...childForm(), consents: { registration: { ...GRANT, date: '' } } })
      .expect(400);
    expect(missing.body.errors).toContainEqual({ path: 'consents.registration.date', message: 'Date is required' });
  });
});

describe('each consent state × each gated route', () => {
  const STATES = ['not_recorded', 'granted', 'withdrawn'] as const;

  describe.each(STATES)('photos_internal %s', (state) => {
    const granted = state === 'granted';
    it(
      granted
        ? 'serves, lists and takes photos'
        : 'hides the photo everywhere and refuses a new one (409 naming the purpose)',
      async () => {
        const id = await newChild(`Photo ${state}`);
        // Stored while granted; then withdrawn, or the grant expires (not recorded).
        await photoWithConsent(id, GRANT_UNTIL_MARCH);
        if (state === 'withdrawn') await setConsent(id, 'photos_internal', WITHDRAW);
        if (state === 'not_recorded') h.clock.set(AFTER_MARCH);
        expect(await stateOf(id, 'photos_internal')).toBe(state);
        await api()
          .get(`/api/beneficiaries/${id}/photo`)
          .set(as('admin'))
          .expect(granted ? 200 : 404);
        await api()
          .get(`/api/beneficiaries/${id}/photo/thumbnail`)
          .set(as('viewer'))
          .expect(granted ? 200 : 404);
        await api()
          .get(`/api/beneficiaries/${id}/photo`)
          .set(asBeneficiary(id))
          .expect(granted ? 200 : 404);
        const child = (await api().get(`/api/beneficiaries/${id}`).set(as('viewer')).expect(200)).body;
        if (granted) expect(child.photoUrl).toBe(`/api/beneficiaries/${id}/photo`);
        else
          expect({
            photoUrl: child.photoUrl,
            photoThumbnailUrl: child.photoThumbnailUrl,
            photoContentType: child.photoContentType,
          }).toEqual({ photoUrl: null, photoThumbnailUrl: null, photoContentType: null });
        // The list's stored object says the same as the child's own GET (the dashboard's newest children are the list's).
        const listed = (
          await api()
            .get('/api/beneficiaries')
            .query({ search: `Photo ${state}` })
            .set(as('viewer'))
            .expect(200)
        ).body;
        expect(listed).toEqual([child]);
        const upload = await uploadPhoto(id);
        expect({ status: upload.status, message: granted ? undefined : upload.body.message }).toEqual(
          granted
            ? { status: 200, message: undefined }
            : {
                status: 409,
                message:
                  state === 'withdrawn' ? 'Photo consent has been withdrawn for this child' : PHOTO_CONSENT_MISSING,
              },
        );
      },
    );
  });

  it('takes no photo of a child whose photo consent was never recorded (409 naming the purpose), and shows none', async () => {
    const id = await newChild('Photo never recorded');
    const refused = await uploadPhoto(id).expect(409);
    expect(refused.body.message).toBe(PHOTO_CONSENT_MISSING);
    expect((await api().get(`/api/beneficiaries/${id}`).set(as('viewer')).expect(200)).body.photoUrl).toBeNull();
    expect(await h.sql(`SELECT photo_key FROM beneficiaries WHERE id = $1`, [id])).toEqual([{ photo_key: null }]);
    await photoWithConsent(id);
    expect((await api().get(`/api/beneficiaries/${id}`).set(as('viewer')).expect(200)).body.photoUrl).toBe(
      `/api/beneficiaries/${id}/photo`,
    );
  });

  describe.each(STATES)('medical %s', (state) => {
    const withdrawn = state === 'withdrawn';
    it(
      withdrawn
        ? 'refuses new health details (409) and shows the existing ones to admin and superadmin only'
        : 'takes and shows health details',
      async () => {
        const id = await newChild();
        const need = { category: 'health', description: 'Asthma', status: 'active', dateIdentified: '2025-01-01' };
        await api().post(`/api/beneficiaries/${id}/special-needs`).set(as('admin')).send(need).expect(201);
        await api()
          .post(`/api/beneficiaries/${id}/documents`)
          .set(as('admin'))
          .field('documentType', 'medical')
          .attach('document', pdf(), 'clinic.pdf')
          .expect(201);
        if (state !== 'not_recorded') await setConsent(id, 'medical', state === 'granted' ? GRANT : WITHDRAW);

        const newNeed = await api().post(`/api/beneficiaries/${id}/special-needs`).set(as('admin')).send(need);
        expect(newNeed.status).toBe(withdrawn ? 409 : 201);
        const newDoc = await api()
          .post(`/api/beneficiaries/${id}/documents`)
          .set(as('admin'))
          .field('documentType', 'medical')
          .attach('document', pdf(), 'clinic2.pdf');
        expect(newDoc.status).toBe(withdrawn ? 409 : 201);
        if (withdrawn) {
          expect(newNeed.body.message).toBe(
            'Medical consent has been withdrawn for this child: a health special need cannot be added',
          );
          expect(newDoc.body.message).toBe(
            'Medical consent has been withdrawn for this child: a health document (type medical) cannot be added',
          );
          // Anything else still may be added.
          await api()
            .post(`/api/beneficiaries/${id}/special-needs`)
            .set(as('admin'))
            .send({ ...need, category: 'food' })
            .expect(201);
          await api()
            .post(`/api/beneficiaries/${id}/documents`)
            .set(as('admin'))
            .field('documentType', 'academic')
            .attach('document', pdf(), 'report.pdf')
            .expect(201);
        }
        const healthSeen = async (headers: Record<string, string>) => {
          const needs = (await api().get(`/api/beneficiaries/${id}/special-needs`).set(headers).expect(200)).body as {
            category: string;
          }[];
          const docs = (await api().get(`/api/beneficiaries/${id}/documents`).set(headers).expect(200)).body as {
            documentType: string;
            fileName: string;
          }[];
          return {
            needs: needs.filter((n) => n.category === 'health').length,
            docs: docs.filter((d) => d.documentType === 'medical').length,
          };
        };
        const all = withdrawn ? { needs: 1, docs: 1 } : { needs: 2, docs: 2 };
        expect(await healthSeen(as('admin'))).toEqual(all);
        expect(await healthSeen(as('superadmin'))).toEqual(all);
        expect(await healthSeen(as('viewer'))).toEqual(withdrawn ? { needs: 0, docs: 0 } : all);
        expect(await healthSeen(asBeneficiary(id))).toEqual(withdrawn ? { needs: 0, docs: 0 } : all);
        const fileName = (await api().get(`/api/beneficiaries/${id}/documents`).set(as('admin')).expect(200)).body.find(
          (d: { documentType: string }) => d.documentType === 'medical',
        ).fileName;
        await api()
          .get(`/uploads/${fileName}`)
          .set(as('viewer'))
          .expect(withdrawn ? 404 : 200);
        await api().get(`/uploads/${fileName}`).set(as('admin')).expect(200);
      },
    );
  });

  describe.each(STATES)('registration %s', (state) => {
    const withdrawn = state === 'withdrawn';
    it(
      withdrawn ? 'refuses every other write to the child and its records (409); reads still work' : 'takes writes',
      async () => {
        const id = await newChild();
        const member = (
          await api()
            .post(`/api/beneficiaries/${id}/household-members`)
            .set(as('admin'))
            .send({ name: 'A', relationship: 'Sister', age: 9 })
            .expect(201)
        ).body;
        const need = (
          await api()
            .post(`/api/beneficiaries/${id}/special-needs`)
            .set(as('admin'))
            .send({ category: 'food', description: 'Lunch', status: 'active', dateIdentified: '2025-01-01' })
            .expect(201)
        ).body;
        const doc = (
          await api()
            .post(`/api/beneficiaries/${id}/documents`)
            .set(as('admin'))
            .field('documentType', 'academic')
            .attach('document', pdf(), 'r.pdf')
            .expect(201)
        ).body;
        const gift = await giftWithPhoto(id);
        await photoWithConsent(id);
        if (state !== 'not_recorded') await setConsent(id, 'registration', state === 'granted' ? GRANT : WITHDRAW);

        const writes: [string, () => request.Test][] = [
          ['edit the child', () => api().put(`/api/beneficiaries/${id}`).set(as('admin')).send(childForm())],
          [
            'add a household member',
            () =>
              api()
                .post(`/api/beneficiaries/${id}/household-members`)
                .set(as('admin'))
                .send({ name: 'B', relationship: 'Brother', age: 4 }),
          ],
          [
            'edit a household member',
            () =>
              api()
                .put(`/api/beneficiaries/${id}/household-members/${member.id}`)
                .set(as('admin'))
                .send({ name: 'A', relationship: 'Cousin', age: 9 }),
          ],
          [
            'add school performance',
            () =>
              api()
                .post(`/api/beneficiaries/${id}/school-performance`)
                .set(as('admin'))
                .send({ subject: 'Maths', term: 'Term 1', grade: 'B' }),
          ],
          [
            'add a school fee',
            () =>
              api()
                .post(`/api/beneficiaries/${id}/school-fees`)
                .set(as('admin'))
                .send({ term: 'Term 1', year: 2026, amount: 10 }),
          ],
          [
            'edit a special need',
            () =>
              api()
                .put(`/api/special-needs/${need.id}`)
                .set(as('admin'))
                .send({ category: 'food', description: 'Breakfast', status: 'active', dateIdentified: '2025-01-01' }),
          ],
          [
            'upload a document',
            () =>
              api()
                .post(`/api/beneficiaries/${id}/documents`)
                .set(as('admin'))
                .field('documentType', 'other')
                .attach('document', pdf(), 'x.pdf'),
          ],
          [
            'upload a photo',
            () => api().post(`/api/beneficiaries/${id}/photo`).set(as('admin')).attach('photo', png(), 'p.png'),
          ],
          [
            'add a gift',
            () =>
              api().post('/api/gifts').set(as('admin')).send({
                beneficiaryId: id,
                giftType: 'special',
                amount: '5',
                description: 'Pen',
                contents: 'A pen',
                dateGiven: '2026-01-01',
              }),
          ],
          [
            'edit a gift',
            () =>
              api().put(`/api/gifts/${gift.id}`).set(as('admin')).send({
                beneficiaryId: id,
                giftType: 'special',
                amount: '6',
                description: 'Pen',
                contents: 'A pen',
                dateGiven: '2026-01-01',
              }),
          ],
          ['delete a document', () => api().delete(`/api/documents/${doc.id}`).set(as('superadmin'))],
          ['delete the photo', () => api().delete(`/api/beneficiaries/${id}/photo`).set(as('superadmin'))],
          ['delete a gift', () => api().delete(`/api/gifts/${gift.id}`).set(as('superadmin'))],
        ];
        const answers = [];
        for (const [what, send] of writes) {
          const res = await send();
          answers.push({ what, status: res.status, message: withdrawn ? res.body.message : undefined });
        }
        const message = 'Registration consent has been withdrawn for this child: its records can no longer be changed';
        expect(answers).toEqual(
          writes.map(([what]) => ({
            what,
            status: withdrawn ? 409 : expect.any(Number),
            message: withdrawn ? message : undefined,
          })),
        );
        if (!withdrawn) expect(answers.filter((a) => a.status >= 400)).toEqual([]);
        // Reads still work.
        await api().get(`/api/beneficiaries/${id}`).set(as('viewer')).expect(200);
        await api().get(`/api/beneficiaries/${id}/household-members`).set(as('viewer')).expect(200);
        await api()
          .get(`/api/beneficiaries/${id}/photo`)
          .set(as('viewer'))
          .expect(withdrawn ? 200 : 404);
        // Consent can be given again, and then writes work again.
        if (withdrawn) {
          await setConsent(id, 'registration', GRANT);
          await api().put(`/api/beneficiaries/${id}`).set(as('admin')).send(childForm()).expect(200);
        }
      },
    );
  });

  describe.each(STATES)('photos_internal %s and the gift photos', (state) => {
    const withdrawn = state === 'withdrawn';
    it(
      withdrawn
        ? 'serves none of the gift photos (404), lists none and takes no new one (409)'
        : 'serves and lists the gift photos',
      async () => {
        const id = await newChild(`Gift Photo ${state}`);
        const gift = await giftWithPhoto(id);
        if (state !== 'not_recorded') await setConsent(id, 'photos_internal', state === 'granted' ? GRANT : WITHDRAW);
        for (const headers of [as('admin'), as('viewer'), asBeneficiary(id)]) {
          await api()
            .get(`/api/gifts/${gift.id}/photo`)
            .set(headers)
            .expect(withdrawn ? 404 : 200);
          await api()
            .get(`/api/gifts/${gift.id}/photo/card`)
            .set(headers)
            .expect(withdrawn ? 404 : 200);
        }
        const urls = (g: { photoUrl: string | null; photoCardUrl: string | null }) => ({
          photoUrl: g.photoUrl,
          photoCardUrl: g.photoCardUrl,
        });
        const expected = withdrawn
          ? { photoUrl: null, photoCardUrl: null }
          : { photoUrl: `/api/gifts/${gift.id}/photo`, photoCardUrl: `/api/gifts/${gift.id}/photo/card` };
        expect(urls((await api().get(`/api/gifts/${gift.id}`).set(as('viewer')).expect(200)).body)).toEqual(expected);
        const listed = (await api().get('/api/gifts').query({ beneficiaryId: id }).set(as('viewer')).expect(200)).body;
        expect(listed.map(urls)).toEqual([expected]);
        // A new gift photo of the child is refused; a gift without one is not.
        const fields = {
          beneficiaryId: id,
          giftType: 'special',
          amount: '5',
          description: 'Pen',
          contents: 'A pen',
          dateGiven: '2026-01-01',
        };
        const req = api().post('/api/gifts').set(as('admin'));
        for (const [k, v] of Object.entries(fields)) req.field(k, v);
        const upload = await req.attach('giftPhoto', jpeg(), 'g.jpg');
        expect({ status: upload.status, message: withdrawn ? upload.body.message : undefined }).toEqual(
          withdrawn
            ? { status: 409, message: 'Photo consent has been withdrawn for this child' }
            : { status: 201, message: undefined },
        );
        await api().post('/api/gifts').set(as('admin')).send(fields).expect(201);
      },
    );
  });

  describe.each(STATES)('photos_internal %s and the documents', (state) => {
    const withdrawn = state === 'withdrawn';
    it(
      withdrawn
        ? 'serves no photo-type or image document (as the photo route answers) to anyone and takes no new photo-type document (409)'
        : 'serves and takes photo-type and image documents',
      async () => {
        const id = await newChild(`Photo Documents ${state}`);
        await photoWithConsent(id, GRANT_UNTIL_MARCH);
        const upload = (type: string, bytes: Buffer, name: string) =>
          api()
            .post(`/api/beneficiaries/${id}/documents`)
            .set(as('admin'))
            .field('documentType', type)
            .attach('document', bytes, name);
        const photoDocument = (await upload('photo', jpeg(), 'face.jpg').expect(201)).body;
        const imageDocument = (await upload('other', png(), 'scan.png').expect(201)).body;
        const report = (await upload('academic', pdf(), 'report.pdf').expect(201)).body;
        if (state === 'withdrawn') await setConsent(id, 'photos_internal', WITHDRAW);
        if (state === 'not_recorded') h.clock.set(AFTER_MARCH);

        const photoRoute = await api().get(`/api/beneficiaries/${id}/photo`).set(as('admin'));
        const answer = (res: request.Response) => ({
          status: res.status,
          type: res.headers['content-type'],
          message: res.body?.message,
          code: res.body?.code,
        });
        for (const headers of [as('superadmin'), as('admin'), as('viewer'), asBeneficiary(id)]) {
          for (const document of [photoDocument, imageDocument]) {
            const served = answer(await api().get(`/uploads/${document.fileName}`).set(headers));
            if (withdrawn) expect(served).toEqual(answer(photoRoute));
            else expect(served).toMatchObject({ status: 200, type: document.mimeType });
          }
          await api().get(`/uploads/${report.fileName}`).set(headers).expect(200);
        }

        const newPhotoDocument = await upload('photo', png(), 'again.png');
        expect({
          status: newPhotoDocument.status,
          message: withdrawn ? newPhotoDocument.body.message : undefined,
        }).toEqual(
          withdrawn
            ? { status: 409, message: 'Photo consent has been withdrawn for this child' }
            : { status: 201, message: undefined },
        );
        // The child's own photo needs a current grant.
        expect(await uploadPhoto(id).then((r) => r.status)).toBe(state === 'granted' ? 200 : 409);
        // Documents that are not photos still come.
        await upload('academic', pdf(), 'report-2.pdf').expect(201);
      },
    );
  });

  describe.each(STATES)('photos_donor %s', (state) => {
    const granted = state === 'granted';
    it(
      granted
        ? 'shows the photo on the gift card'
        : 'shows the initials placeholder instead of the photo on the gift card',
      async () => {
        const id = await childWith('photos_donor', state, 'Neema Akinyi');
        await photoWithConsent(id);
        const gift = await giftWithPhoto(id);
        expect(await cardIsPlaceholder(gift.id)).toBe(!granted);
        const read = (await api().get(`/api/gifts/${gift.id}`).set(as('viewer')).expect(200)).body;
        expect(read.beneficiary.photoUrl).toBe(granted ? `/api/beneficiaries/${id}/photo` : null);
        expect(read.photoCardUrl).toBe(`/api/gifts/${gift.id}/photo/card`);
        // The staff's own view of the child keeps its photo (photos_internal is another purpose).
        expect((await api().get(`/api/beneficiaries/${id}`).set(as('viewer')).expect(200)).body.photoUrl).toBe(
          `/api/beneficiaries/${id}/photo`,
        );
      },
    );
  });
});

describe('photos in donor reports without photos (internal)', () => {
  it('shows the initials on the gift card: a donor photo needs the internal one', async () => {
    const id = await newChild('Donor Only');
    await photoWithConsent(id, GRANT_UNTIL_MARCH);
    await setConsent(id, 'photos_donor', GRANT);
    const gift = await giftWithPhoto(id);
    expect(await cardIsPlaceholder(gift.id)).toBe(false);
    h.clock.set(AFTER_MARCH);
    expect(await stateOf(id, 'photos_donor')).toBe('granted');
    expect(await cardIsPlaceholder(gift.id)).toBe(true);
    const read = (await api().get(`/api/gifts/${gift.id}`).set(as('viewer')).expect(200)).body;
    expect(read.beneficiary).toMatchObject({ photoUrl: null, photoThumbnailUrl: null });
  });
});

describe('expiry', () => {
  it('counts a grant past its expiry date as not recorded (photos_donor: back to the placeholder)', async () => {
    const id = await newChild('Expiring Consent');
    await setConsent(id, 'photos_internal', GRANT);
    await setConsent(id, 'photos_donor', { ...GRANT, expiresOn: '2026-03-31' });
    const gift = await giftWithPhoto(id);
    expect(await stateOf(id, 'photos_donor')).toBe('granted');
    expect(await cardIsPlaceholder(gift.id)).toBe(false);
    // The last day of the grant (the foundation's calendar) still counts.
    h.clock.set(new Date('2026-03-31T20:00:00Z'));
    expect(await stateOf(id, 'photos_donor')).toBe('granted');
    h.clock.set(new Date('2026-03-31T21:30:00Z')); // 1 April in Nairobi
    const consents = (await api().get(`/api/beneficiaries/${id}/consents`).set(as('viewer')).expect(200)).body;
    expect(consents.find((c: { purpose: string }) => c.purpose === 'photos_donor')).toMatchObject({
      state: 'not_recorded',
      expiresOn: '2026-03-31',
      givenBy: 'Mary Wanjala',
    });
    expect(await cardIsPlaceholder(gift.id)).toBe(true);
    expect(
      (await api().get(`/api/gifts/${gift.id}`).set(as('viewer')).expect(200)).body.beneficiary.photoUrl,
    ).toBeNull();
  });
});

describe('expiry of every other purpose', () => {
  /** A child whose `purpose` was granted until 31 March, the state read on `at`, and whether the child is in the list of those lacking it. */
  const LAST_DAY = new Date('2026-03-31T20:00:00Z'); // 31 March, 23:00 in Nairobi
  const NEXT_DAY = new Date('2026-03-31T21:30:00Z'); // 1 April, 00:30 in Nairobi
  const missingFilter: Record<string, string | undefined> = {
    registration: 'registration_missing',
    photos_internal: 'photos_missing',
  };
  const listedAsMissing = async (id: string, purpose: string) => {
    const filter = missingFilter[purpose];
    if (!filter) return undefined;
    const ids = (
      await api().get('/api/beneficiaries').query({ consent: filter, limit: 500 }).set(as('viewer')).expect(200)
    ).body.map((c: { id: string }) => c.id);
    return ids.includes(id);
  };

  it.each(['registration', 'medical', 'photos_internal'])(
    'counts a %s grant past its expiry date as not recorded',
    async (purpose) => {
      const id = await newChild(`Expiring ${purpose}`);
      await setConsent(id, purpose, { ...GRANT, expiresOn: '2026-03-31' });
      expect(await stateOf(id, purpose)).toBe('granted');
      expect(await listedAsMissing(id, purpose)).toBe(missingFilter[purpose] ? false : undefined);
      h.clock.set(LAST_DAY);
      expect(await stateOf(id, purpose)).toBe('granted');
      h.clock.set(NEXT_DAY);
      const record = (await api().get(`/api/beneficiaries/${id}/consents`).set(as('viewer')).expect(200)).body.find(
        (c: { purpose: string }) => c.purpose === purpose,
      );
      expect(record).toMatchObject({
        state: 'not_recorded',
        expiresOn: '2026-03-31',
        givenBy: 'Mary Wanjala',
        method: 'signed_form',
      });
      expect(await listedAsMissing(id, purpose)).toBe(missingFilter[purpose] ? true : undefined);
      // The history keeps the grant as it was recorded.
      const history = (await api().get(`/api/beneficiaries/${id}/consents/history`).set(as('viewer')).expect(200)).body;
      expect(history).toMatchObject([{ purpose, state: 'granted', expiresOn: '2026-03-31' }]);
    },
  );

  it('refuses nothing but a photo once a grant has expired (not recorded is not withdrawn; a photo needs a grant)', async () => {
    const id = await newChild('Expired Everything');
    for (const purpose of ['registration', 'medical', 'photos_internal'])
      await setConsent(id, purpose, { ...GRANT, expiresOn: '2026-03-31' });
    await uploadPhoto(id).expect(200);
    h.clock.set(NEXT_DAY);
    for (const purpose of ['registration', 'medical', 'photos_internal'])
      expect(await stateOf(id, purpose)).toBe('not_recorded');
    await api()
      .put(`/api/beneficiaries/${id}`)
      .set(as('admin'))
      .send(childForm({ fullName: 'Expired Everything' }))
      .expect(200);
    await api()
      .post(`/api/beneficiaries/${id}/special-needs`)
      .set(as('admin'))
      .send({ category: 'health', description: 'Asthma', status: 'active', dateIdentified: '2025-01-01' })
      .expect(201);
    await api()
      .post(`/api/beneficiaries/${id}/documents`)
      .set(as('admin'))
      .field('documentType', 'medical')
      .attach('document', pdf(), 'clinic.pdf')
      .expect(201);
    expect((await uploadPhoto(id).expect(409)).body.message).toBe(PHOTO_CONSENT_MISSING);
    await api().get(`/api/beneficiaries/${id}/photo`).set(as('viewer')).expect(404);
    const needs = (await api().get(`/api/beneficiaries/${id}/special-needs`).set(as('viewer')).expect(200)).body;
    expect(needs.map((n: { category: string }) => n.category)).toEqual(['health']);
  });

  it('never expires a withdrawal', async () => {
    const id = await newChild('Withdrawn For Good');
    for (const purpose of ['registration', 'medical', 'photos_internal', 'photos_donor'])
      await setConsent(id, purpose, WITHDRAW);
    h.clock.set(START.getTime() + 3 * 365 * DAY);
    const states = (await api().get(`/api/beneficiaries/${id}/consents`).set(as('viewer')).expect(200)).body.map(
      (c: { state: string }) => c.state,
    );
    expect(states).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'withdrawn']);
    await api()
      .post(`/api/beneficiaries/${id}/household-members`)
      .set(as('admin'))
      .send({ name: 'A', relationship: 'Sister', age: 9 })
      .expect(409);
  });
});

describe('the photo grace period after photo consent is withdrawn', () => {
  const job = () => h.service.app.get(PhotoConsentGraceJob);
  const photoOf = async (id: string) =>
    (
      await h.sql<{ photo_key: string | null; photo_thumbnail_key: string | null }>(
        `SELECT photo_key, photo_thumbnail_key FROM beneficiaries WHERE id = $1`,
        [id],
      )
    )[0];

  it('deletes the photo and thumbnail after 30 days, not before, and not when consent was given again', async () => {
    const gone = await newChild();
    const kept = await newChild();
    await photoWithConsent(gone);
    await photoWithConsent(kept);
    const goneKeys = await photoOf(gone);
    const keptKeys = await photoOf(kept);
    await setConsent(gone, 'photos_internal', WITHDRAW);
    await setConsent(kept, 'photos_internal', WITHDRAW);
    h.clock.advance(DAY);
    await setConsent(kept, 'photos_internal', GRANT);
    expect((await api().get(`/api/beneficiaries/${kept}`).set(as('viewer')).expect(200)).body.photoUrl).toBe(
      `/api/beneficiaries/${kept}/photo`,
    );

    h.clock.set(START.getTime() + 29 * DAY);
    await job().run();
    expect(await h.objects()).toEqual(expect.arrayContaining([goneKeys.photo_key, goneKeys.photo_thumbnail_key]));
    expect(await photoOf(gone)).toEqual(goneKeys);

    h.clock.set(START.getTime() + 30 * DAY + 1000);
    await job().run();
    expect(await photoOf(gone)).toEqual({ photo_key: null, photo_thumbnail_key: null });
    const objects = await h.objects();
    await until(async () => !(await h.objects()).includes(goneKeys.photo_key!));
    expect((await h.objects()).filter((k) => k === goneKeys.photo_key || k === goneKeys.photo_thumbnail_key)).toEqual(
      [],
    );
    expect(objects).toEqual(expect.arrayContaining([keptKeys.photo_key, keptKeys.photo_thumbnail_key]));
    expect(await photoOf(kept)).toEqual(keptKeys);
    // Still withdrawn: the child shows no photo and takes none.
    expect(await stateOf(gone, 'photos_internal')).toBe('withdrawn');
    await uploadPhoto(gone).expect(409);
    // The removal is in the audit trail, by the system.
    const [entry] = await h.sql<{ action: string; actor_role: string; details: { reason: string } }>(
      `SELECT action, actor_role, details FROM audit_entries WHERE entity_type = 'photo' AND entity_id = $1 ORDER BY seq DESC LIMIT 1`,
      [gone],
    );
    expect(entry).toMatchObject({
      action: 'delete',
      actor_role: 'system',
      details: { reason: 'photo consent withdrawn' },
    });
  });

  it("deletes the child's gift photos and card images with it, and keeps the gifts", async () => {
    const giftKeys = async (id: string) =>
      await h.sql<{ id: string; photo_key: string | null; photo_card_key: string | null }>(
        `SELECT id::text, photo_key, photo_card_key FROM gifts WHERE beneficiary_id = $1 ORDER BY id`,
        [id],
      );
    // A child without a photo of its own: its gift photos alone are reason enough to run.
    const gone = await newChild('Gifts Gone');
    const kept = await newChild('Gifts Kept');
    const goneGifts = [await giftWithPhoto(gone), await giftWithPhoto(gone)];
    await giftWithPhoto(kept);
    const goneBefore = await giftKeys(gone);
    const keptBefore = await giftKeys(kept);
    await setConsent(gone, 'photos_internal', WITHDRAW);

    h.clock.set(START.getTime() + 29 * DAY);
    await job().run();
    expect(await giftKeys(gone)).toEqual(goneBefore);

    h.clock.set(START.getTime() + 30 * DAY + 1000);
    await job().run();
    expect(await giftKeys(gone)).toEqual(goneBefore.map((g) => ({ id: g.id, photo_key: null, photo_card_key: null })));
    expect(await giftKeys(kept)).toEqual(keptBefore);
    const goneObjects = goneBefore.flatMap((g) => [g.photo_key!, g.photo_card_key!]);
    await until(async () => (await h.objects()).every((k) => !goneObjects.includes(k)));
    expect(await h.objects()).toEqual(
      expect.arrayContaining(keptBefore.flatMap((g) => [g.photo_key!, g.photo_card_key!])),
    );
    // The gifts stay, without photos; each removal is in the audit trail, by the system.
    const listed = (await api().get('/api/gifts').query({ beneficiaryId: gone }).set(as('admin')).expect(200)).body;
    expect(listed.map((g: { id: string; photoUrl: string | null }) => [g.id, g.photoUrl]).sort()).toEqual(
      goneGifts.map((g) => [g.id, null]).sort(),
    );
    const entries = await h.sql<{
      action: string;
      entity_type: string;
      entity_id: string;
      actor_role: string;
      details: { reason: string };
    }>(
      `SELECT action, entity_type, entity_id, actor_role, details FROM audit_entries WHERE entity_type = 'gift' AND beneficiary_id = $1 AND actor_role = 'system'`,
      [gone],
    );
    expect(entries.map((e) => e.entity_id).sort()).toEqual(goneGifts.map((g) => g.id).sort());
    for (const e of entries)
      expect(e).toMatchObject({ action: 'update', details: { reason: 'photo consent withdrawn' } });
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
