import request from 'supertest';
import sharp from 'sharp';
import { brokenPng, cameraJpeg, jpeg, png, text } from './fixtures';
import { as, asBeneficiary, childForm, grantPhotoConsent, startBeneficiaries, USERS, type Harness } from './harness';

let h: Harness;
let child: string;
let other: string;
beforeAll(async () => {
  h = await startBeneficiaries();
  child = (
    await request(h.url)
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: 'Neema Akinyi' }))
      .expect(201)
  ).body.id;
  other = (
    await request(h.url)
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: 'Otieno Barasa' }))
      .expect(201)
  ).body.id;
  for (const id of [child, other]) await grantPhotoConsent(h.url, id);
  await request(h.url)
    .post(`/api/beneficiaries/${child}/photo`)
    .set(as('admin'))
    .attach('photo', png(), 'p.png')
    .expect(200);
  // A gift card goes to donors: its photos show only with photos_donor consent (test/consents.int-spec.ts has the other states).
  for (const id of [child, other]) {
    await request(h.url)
      .put(`/api/beneficiaries/${id}/consents/photos_donor`)
      .set(as('admin'))
      .send({
        state: 'granted',
        givenBy: 'Mary Akinyi',
        relationship: 'Mother',
        method: 'signed_form',
        date: '2026-01-10',
      })
      .expect(200);
  }
});
afterAll(async () => {
  await h?.stop();
});

const fields = (overrides: Record<string, string> = {}) => ({
  beneficiaryId: child,
  giftType: 'christmas',
  amount: '2500',
  description: 'Christmas hamper',
  contents: 'Rice, sugar, a dress',
  dateGiven: '2025-12-20',
  ...overrides,
});

function postGift(values: Record<string, string>, photo?: Buffer, name = 'gift.jpg') {
  const req = request(h.url).post('/api/gifts').set(as('admin'));
  for (const [key, value] of Object.entries(values)) req.field(key, value);
  return photo ? req.attach('giftPhoto', photo, name) : req;
}

function putGift(id: string, values: Record<string, string>, photo?: Buffer, name = 'gift.png') {
  const req = request(h.url).put(`/api/gifts/${id}`).set(as('admin'));
  for (const [key, value] of Object.entries(values)) req.field(key, value);
  return photo ? req.attach('giftPhoto', photo, name) : req;
}

/** A response body as bytes (supertest leaves images unparsed otherwise). */
const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** The stored object keys of a gift. */
async function keysOf(id: string): Promise<{ photo_key: string | null; photo_card_key: string | null }> {
  return (
    await h.sql<{ photo_key: string | null; photo_card_key: string | null }>(
      `SELECT photo_key, photo_card_key FROM gifts WHERE id = $1`,
      [id],
    )
  )[0];
}

const giftCount = async () => (await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM gifts`))[0].n;

describe('gifts', () => {
  it('creates a gift with a photo; each gift carries its child name, id and photo URL', async () => {
    const res = await postGift(fields(), jpeg(2048)).expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      beneficiaryId: child,
      beneficiary: {
        id: child,
        fullName: 'Neema Akinyi',
        photoUrl: `/api/beneficiaries/${child}/photo`,
        photoThumbnailUrl: `/api/beneficiaries/${child}/photo/thumbnail`,
      },
      giftType: 'christmas',
      amount: '2500.00',
      description: 'Christmas hamper',
      contents: 'Rice, sugar, a dress',
      dateGiven: '2025-12-20',
      photoUrl: `/api/gifts/${res.body.id}/photo`,
      photoCardUrl: `/api/gifts/${res.body.id}/photo/card`,
      createdBy: USERS.admin.userId,
    });
    const photo = await request(h.url).get(res.body.photoUrl).set(as('viewer')).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(await request(h.url).get(`/api/gifts/${res.body.id}`).set(as('viewer')).expect(200)).toHaveProperty(
      'body',
      res.body,
    );
  });

  it('gives the product’s messages and refuses a child that does not exist', async () => {
    const res = await postGift({
      beneficiaryId: '',
      giftType: '',
      amount: '-5',
      description: ' ',
      contents: '',
      dateGiven: '',
    }).expect(400);
    expect(res.body.errors).toEqual([
      { path: 'beneficiaryId', message: 'Beneficiary is required' },
      { path: 'giftType', message: 'Gift type is required' },
      { path: 'amount', message: 'Amount must be a positive number' },
      { path: 'description', message: 'Description is required' },
      { path: 'contents', message: 'Contents are required' },
      { path: 'dateGiven', message: 'Date is required' },
    ]);
    const before = await h.objects();
    const missing = await postGift(fields({ beneficiaryId: 'KCF-999999' }), jpeg()).expect(400);
    expect(missing.body.errors).toEqual([{ path: 'beneficiaryId', message: 'Beneficiary not found' }]);
    expect(await h.objects()).toEqual(before);
  });

  it('refuses a photo that is not a JPG or PNG (415) and one over 5MB (413)', async () => {
    const wrong = await postGift(fields(), text()).expect(415);
    expect(wrong.body.message).toBe('Gift photo must be a JPG or PNG image');
    const big = await postGift(fields(), jpeg(5 * 1024 * 1024 + 1)).expect(413);
    expect(big.body.message).toBe('Gift photo must be 5MB or less');
  });

  it('stores an 800x336 JPEG of the photo for the card and serves it like the photo, to those who may see the child', async () => {
    const photo = await cameraJpeg();
    const created = (await postGift(fields(), photo, 'camera.jpg').expect(201)).body;
    expect(created.photoCardUrl).toBe(`/api/gifts/${created.id}/photo/card`);
    const keys = await keysOf(created.id);
    expect(keys.photo_card_key).toMatch(/^beneficiaries\/gift-photo-cards\/[0-9a-f-]{36}\.jpg$/);
    expect(await h.objects()).toEqual(expect.arrayContaining([keys.photo_key, keys.photo_card_key]));

    const card = await binary(request(h.url).get(`${created.photoCardUrl}?t=1`).set(as('viewer'))).expect(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(card.headers['x-content-type-options']).toBe('nosniff');
    expect(card.headers['cache-control']).toBe('private, no-store');
    expect(card.headers['content-disposition']).toBe(
      `inline; filename="gift-${created.id}-card.jpg"; filename*=UTF-8''gift-${created.id}-card.jpg`,
    );
    expect(Number(card.headers['content-length'])).toBe(card.body.length);
    expect(await sharp(card.body).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 336 });
    expect(card.body.length).toBeLessThan(photo.length / 10);
    await request(h.url)
      .get(created.photoCardUrl)
      .set(as('viewer'))
      .set('If-None-Match', card.headers.etag)
      .expect(304);

    const full = await binary(request(h.url).get(created.photoUrl).set(as('viewer'))).expect(200);
    expect(Buffer.compare(full.body, photo)).toBe(0);

    await request(h.url).get(created.photoCardUrl).set(asBeneficiary(child)).expect(200);
    const refused = await request(h.url).get(created.photoCardUrl).set(asBeneficiary(other)).expect(404);
    expect(refused.body.message).toBe('Gift not found');
    await request(h.url).get(created.photoCardUrl).expect(401);
  });

  it('has no card for a gift without a photo, and shows the photo itself for a gift stored before card images', async () => {
    const bare = (await postGift(fields()).expect(201)).body;
    expect(bare).toMatchObject({ photoUrl: null, photoCardUrl: null });
    expect(
      (await request(h.url).get(`/api/gifts/${bare.id}/photo/card`).set(as('viewer')).expect(404)).body.message,
    ).toBe('Photo not found');

    const older = (await postGift(fields(), png(), 'old.png').expect(201)).body;
    const { photo_card_key: cardKey } = await keysOf(older.id);
    await h.sql(`UPDATE gifts SET photo_card_key = NULL WHERE id = $1`, [older.id]);
    try {
      expect((await request(h.url).get(`/api/gifts/${older.id}`).set(as('viewer')).expect(200)).body.photoCardUrl).toBe(
        `/api/gifts/${older.id}/photo/card`,
      );
      const shown = await binary(request(h.url).get(`/api/gifts/${older.id}/photo/card`).set(as('viewer'))).expect(200);
      expect(shown.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(shown.body, png())).toBe(0);
    } finally {
      await h.sql(`UPDATE gifts SET photo_card_key = $2 WHERE id = $1`, [older.id, cardKey]);
    }
  });

  it('refuses a text file named .png and a PNG that is no picture, leaving no gift and no stored object', async () => {
    const [objects, gifts] = [await h.objects(), await giftCount()];
    const fake = await postGift(fields(), text(), 'gift.png').expect(415);
    expect(fake.body.message).toBe('Gift photo must be a JPG or PNG image');
    const broken = await postGift(fields(), brokenPng(), 'broken.png').expect(415);
    expect(broken.body.message).toBe('Gift photo must be a JPG or PNG image');
    expect(await h.objects()).toEqual(objects);
    expect(await giftCount()).toBe(gifts);

    const kept = (await postGift(fields(), jpeg()).expect(201)).body;
    const keys = await keysOf(kept.id);
    const afterCreate = await h.objects();
    await putGift(kept.id, fields({ description: 'Changed' }), brokenPng(), 'broken.png').expect(415);
    expect(await h.objects()).toEqual(afterCreate);
    expect(await keysOf(kept.id)).toEqual(keys);
    expect((await request(h.url).get(`/api/gifts/${kept.id}`).set(as('viewer')).expect(200)).body.description).toBe(
      'Christmas hamper',
    );
  });

  it('removes both new objects when the gift cannot be written', async () => {
    await h.sql(
      `CREATE FUNCTION refuse_gifts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await h.sql(`CREATE TRIGGER refuse_gifts BEFORE INSERT ON gifts FOR EACH ROW EXECUTE FUNCTION refuse_gifts()`);
    try {
      const [objects, gifts] = [await h.objects(), await giftCount()];
      await postGift(fields(), png(), 'g.png').expect(500);
      expect(await h.objects()).toEqual(objects);
      expect(await giftCount()).toBe(gifts);
    } finally {
      await h.sql(`DROP TRIGGER refuse_gifts ON gifts`);
      await h.sql(`DROP FUNCTION refuse_gifts()`);
    }
  });

  it('updates a gift, replacing its photo and card image, and lets only the superadmin delete it with both', async () => {
    const created = (await postGift(fields(), jpeg()).expect(201)).body;
    const old = await keysOf(created.id);
    const oldCard = await request(h.url).get(created.photoCardUrl).set(as('viewer')).expect(200);

    const unchanged = (await putGift(created.id, fields({ description: 'Hamper and shoes' })).expect(200)).body;
    expect(unchanged.photoCardUrl).toBe(`/api/gifts/${created.id}/photo/card`);
    expect(await keysOf(created.id)).toEqual(old);

    const updated = (
      await putGift(
        created.id,
        fields({ giftType: 'special', amount: '800.5', beneficiaryId: other }),
        png(),
        'new.png',
      ).expect(200)
    ).body;
    expect(updated).toMatchObject({
      giftType: 'special',
      amount: '800.50',
      beneficiary: { id: other, fullName: 'Otieno Barasa', photoUrl: null },
    });
    expect(updated.photoCardUrl).toBe(`/api/gifts/${created.id}/photo/card`);
    const now = await keysOf(created.id);
    expect(now.photo_key).not.toBe(old.photo_key);
    expect(now.photo_card_key).not.toBe(old.photo_card_key);
    const objects = await h.objects();
    expect(objects).not.toContain(old.photo_key);
    expect(objects).not.toContain(old.photo_card_key);
    expect(objects).toEqual(expect.arrayContaining([now.photo_key, now.photo_card_key]));
    const newCard = await binary(request(h.url).get(updated.photoCardUrl).set(as('viewer'))).expect(200);
    expect(newCard.headers.etag).not.toBe(oldCard.headers.etag);
    // The new upload is a 24x16 PNG: its card keeps that size rather than being enlarged.
    expect(await sharp(newCard.body).metadata()).toMatchObject({ format: 'jpeg', width: 24, height: 16 });

    await request(h.url).delete(`/api/gifts/${created.id}`).set(as('admin')).expect(403);
    const res = await request(h.url).delete(`/api/gifts/${created.id}`).set(as('superadmin')).expect(200);
    expect(res.body.message).toBe('Gift deleted successfully');
    const left = await h.objects();
    expect(left).not.toContain(now.photo_key);
    expect(left).not.toContain(now.photo_card_key);
    await request(h.url).get(`/api/gifts/${created.id}`).set(as('viewer')).expect(404);
    await request(h.url).get(`/api/gifts/${created.id}/photo/card`).set(as('viewer')).expect(404);
  });

  it('lists newest first with paging and a total; a beneficiary user sees only its child gifts', async () => {
    await postGift(fields({ dateGiven: '2024-12-20', description: 'Old hamper' })).expect(201);
    await postGift(fields({ beneficiaryId: other, dateGiven: '2026-01-05', description: 'School shoes' })).expect(201);
    const all = await request(h.url).get('/api/gifts').set(as('viewer')).expect(200);
    const dates = all.body.map((g: { dateGiven: string }) => g.dateGiven);
    expect(dates).toEqual([...dates].sort().reverse());
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.body.length);
    const page = await request(h.url).get('/api/gifts').query({ limit: 1, offset: 1 }).set(as('viewer')).expect(200);
    expect(page.body).toEqual([all.body[1]]);
    expect(page.headers['x-total-count']).toBe(String(total));

    const mine = await request(h.url).get('/api/gifts').set(asBeneficiary(child)).expect(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((g: { beneficiaryId: string }) => g.beneficiaryId === child)).toBe(true);
    const theirs = all.body.find((g: { beneficiaryId: string }) => g.beneficiaryId === other);
    await request(h.url).get(`/api/gifts/${theirs.id}`).set(asBeneficiary(child)).expect(404);
    const filtered = await request(h.url)
      .get('/api/gifts')
      .query({ beneficiaryId: other })
      .set(as('viewer'))
      .expect(200);
    expect(filtered.body.every((g: { beneficiaryId: string }) => g.beneficiaryId === other)).toBe(true);
  });
});
