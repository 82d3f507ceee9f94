import request from 'supertest';
import { jpeg, png, text } from './fixtures';
import { as, asBeneficiary, childForm, startBeneficiaries, USERS, type Harness } from './harness';

let h: Harness;
let child: string;
let other: string;
beforeAll(async () => {
  h = await startBeneficiaries();
  child = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm({ fullName: 'Neema Akinyi' })).expect(201)).body.id;
  other = (await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm({ fullName: 'Otieno Barasa' })).expect(201)).body.id;
  await request(h.url).post(`/api/beneficiaries/${child}/photo`).set(as('admin')).attach('photo', png(), 'p.png').expect(200);
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

function postGift(values: Record<string, string>, photo?: Buffer) {
  const req = request(h.url).post('/api/gifts').set(as('admin'));
  for (const [key, value] of Object.entries(values)) req.field(key, value);
  return photo ? req.attach('giftPhoto', photo, 'gift.jpg') : req;
}

describe('gifts', () => {
  it('creates a gift with a photo; each gift carries its child name, id and photo URL', async () => {
    const res = await postGift(fields(), jpeg(2048)).expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      beneficiaryId: child,
      beneficiary: { id: child, fullName: 'Neema Akinyi', photoUrl: `/api/beneficiaries/${child}/photo` },
      giftType: 'christmas',
      amount: '2500.00',
      description: 'Christmas hamper',
      contents: 'Rice, sugar, a dress',
      dateGiven: '2025-12-20',
      photoUrl: `/api/gifts/${res.body.id}/photo`,
      createdBy: USERS.admin.userId,
    });
    const photo = await request(h.url).get(res.body.photoUrl).set(as('viewer')).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(await request(h.url).get(`/api/gifts/${res.body.id}`).set(as('viewer')).expect(200)).toHaveProperty('body', res.body);
  });

  it('gives the spec messages and refuses a child that does not exist', async () => {
    const res = await postGift({ beneficiaryId: '', giftType: '', amount: '-5', description: ' ', contents: '', dateGiven: '' }).expect(400);
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

  it('updates a gift, replacing its photo, and lets only the superadmin delete it', async () => {
    const created = (await postGift(fields(), jpeg()).expect(201)).body;
    const oldKey = (await h.sql<{ photo_key: string }>(`SELECT photo_key FROM gifts WHERE id = $1`, [created.id]))[0].photo_key;
    const req = request(h.url).put(`/api/gifts/${created.id}`).set(as('admin'));
    for (const [key, value] of Object.entries(fields({ giftType: 'special', amount: '800.5', beneficiaryId: other }))) req.field(key, value);
    const updated = (await req.attach('giftPhoto', png(), 'new.png').expect(200)).body;
    expect(updated).toMatchObject({ giftType: 'special', amount: '800.50', beneficiary: { id: other, fullName: 'Otieno Barasa', photoUrl: null } });
    expect(await h.objects()).not.toContain(oldKey);

    await request(h.url).delete(`/api/gifts/${created.id}`).set(as('admin')).expect(403);
    const res = await request(h.url).delete(`/api/gifts/${created.id}`).set(as('superadmin')).expect(200);
    expect(res.body.message).toBe('Gift deleted successfully');
    expect((await h.objects()).filter((k) => k.startsWith('beneficiaries/gift-photos/') && k.endsWith('.png'))).toEqual([]);
    await request(h.url).get(`/api/gifts/${created.id}`).set(as('viewer')).expect(404);
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
    const filtered = await request(h.url).get('/api/gifts').query({ beneficiaryId: other }).set(as('viewer')).expect(200);
    expect(filtered.body.every((g: { beneficiaryId: string }) => g.beneficiaryId === other)).toBe(true);
  });
});
