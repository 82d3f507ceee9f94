import request from 'supertest';
import { pdf, png } from './fixtures';
import { as, childForm, grantPhotoConsent, startBeneficiaries, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);

/** A child as the Add Beneficiary dialog sends it: multipart fields and a birth certificate. */
function addChild(key: string, name: string) {
  const req = api().post('/api/beneficiaries').set(as('admin')).set('Idempotency-Key', key);
  for (const [field, value] of Object.entries(childForm({ fullName: name }))) req.field(field, value);
  return req.attach('birthCertificate', pdf(), 'certificate.pdf');
}

describe('Idempotency-Key on the children and their files', () => {
  it('adds a child once: the repeat (a new multipart boundary) gets the same id, and one certificate is stored', async () => {
    const before = await h.objects();
    const first = await addChild('add-child-1', 'Imani Auma').expect(201);
    const again = await addChild('add-child-1', 'Imani Auma').expect(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await h.sql(`SELECT id FROM beneficiaries WHERE full_name = 'Imani Auma'`)).toEqual([{ id: first.body.id }]);
    const added = (await h.objects()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
  });

  it('refuses the same key with another file (422)', async () => {
    await addChild('add-child-2', 'Juma Were').expect(201);
    const req = api().post('/api/beneficiaries').set(as('admin')).set('Idempotency-Key', 'add-child-2');
    for (const [field, value] of Object.entries(childForm({ fullName: 'Juma Were' }))) req.field(field, value);
    await req.attach('birthCertificate', pdf(2048), 'certificate.pdf').expect(422);
  });

  it('uploads a photo once and removes nothing the replay would need', async () => {
    const child = await addChild('add-child-3', 'Neema Akinyi').expect(201);
    await grantPhotoConsent(h.url, child.body.id);
    const before = await h.objects();
    const upload = () =>
      api()
        .post(`/api/beneficiaries/${child.body.id}/photo`)
        .set(as('admin'))
        .set('Idempotency-Key', 'photo-1')
        .attach('photo', png(), 'face.png');
    const first = await upload().expect(200);
    const again = await upload().expect(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.photoUrl).toBe(first.body.photoUrl);
    // One photo and its thumbnail, both the ones the child points at.
    const added = (await h.objects()).filter((k) => !before.includes(k));
    const [row] = await h.sql<{ photo_key: string; photo_thumbnail_key: string }>(
      `SELECT photo_key, photo_thumbnail_key FROM beneficiaries WHERE id = $1`,
      [child.body.id],
    );
    expect(added.sort()).toEqual([row.photo_key, row.photo_thumbnail_key].sort());
  });
});
