import request from 'supertest';
import { GuardianPhonesE1641798520000000 } from '../src/migrations/1798520000000-guardian-phones-e164';
import { as, childForm, startBeneficiaries, type Harness } from './harness';

/**
 * What cannot be true is refused, on the service's clock (2 March 2026 in Nairobi): a child born or a consent
 * given after today. A guardian's phone is a real number, stored in E.164 however a Kenyan types it, through the
 * form and the import alike; the export writes it as Kenyans do.
 */
let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);
const create = (fields: Record<string, string>) =>
  api().post('/api/beneficiaries').set(as('admin')).send(childForm(fields));
const GRANT = { state: 'granted', givenBy: 'Mary Wanjala', relationship: 'Mother', method: 'signed_form' };

describe('dates after today', () => {
  it('refuses a date of birth after today, naming the field, and takes today', async () => {
    const refused = await create({ dateOfBirth: '2030-01-01' }).expect(400);
    expect(refused.body.errors).toEqual([{ path: 'dateOfBirth', message: 'Date of birth cannot be in the future' }]);
    await create({ dateOfBirth: '2026-03-03' }).expect(400);
    await create({ dateOfBirth: '2026-03-02' }).expect(201);
  });

  it('reads today on the service clock, in Nairobi: 23:30 on 2 March UTC is already the 3rd', async () => {
    await create({ fullName: 'Late Night Baby', dateOfBirth: '2026-03-03' }).expect(400);
    h.clock.set(new Date('2026-03-02T21:30:00Z'));
    try {
      await create({ fullName: 'Late Night Baby', dateOfBirth: '2026-03-03' }).expect(201);
    } finally {
      h.clock.set(new Date('2026-03-02T08:00:00Z'));
    }
  });

  it('refuses a consent given after today, when recorded and when given with a new child', async () => {
    const id = (await create({ fullName: 'Consent Child' }).expect(201)).body.id;
    const later = await api()
      .put(`/api/beneficiaries/${id}/consents/registration`)
      .set(as('admin'))
      .send({ ...GRANT, date: '2026-04-02' })
      .expect(400);
    expect(later.body.errors).toEqual([{ path: 'date', message: 'Date cannot be in the future' }]);
    const withChild = await api()
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send({
        ...childForm({ fullName: 'Consent Child Two' }),
        consents: { registration: { ...GRANT, date: '2026-04-02' } },
      })
      .expect(400);
    expect(withChild.body.errors).toEqual([
      { path: 'consents.registration.date', message: 'Date cannot be in the future' },
    ]);
    await api()
      .put(`/api/beneficiaries/${id}/consents/registration`)
      .set(as('admin'))
      .send({ ...GRANT, date: '2026-03-02' })
      .expect(200);
  });
});

describe("a guardian's phone", () => {
  it.each(['0712345678', '0712 345 678', '+254712345678', '254712345678'])(
    'takes %p and stores +254712345678',
    async (typed) => {
      const res = await create({ fullName: `Phone ${typed}`, guardianPhone: typed }).expect(201);
      expect(res.body.guardianPhone).toBe('+254712345678');
      expect(await h.sql('SELECT guardian_phone FROM beneficiaries WHERE id = $1', [res.body.id])).toEqual([
        { guardian_phone: '+254712345678' },
      ]);
    },
  );

  it.each(['abc', 'not a phone', '12345'])('refuses %p when a child is added or edited', async (typed) => {
    const refused = await create({ guardianPhone: typed }).expect(400);
    expect(refused.body.errors).toEqual([
      { path: 'guardianPhone', message: 'Guardian phone must be a phone number, e.g. 0712 345 678' },
    ]);
    const id = (await create({ fullName: `Edited ${typed}` }).expect(201)).body.id;
    await api()
      .put(`/api/beneficiaries/${id}`)
      .set(as('admin'))
      .send(childForm({ fullName: `Edited ${typed}`, guardianPhone: typed }))
      .expect(400);
  });

  it('follows the same rule through the import: a bad number refuses the batch, a good one is stored in E.164', async () => {
    const refused = await api()
      .post('/api/beneficiaries/import')
      .set(as('admin'))
      .send({
        beneficiaries: [
          childForm({ fullName: 'Imported One' }),
          childForm({ fullName: 'Imported Two', guardianPhone: 'not a phone' }),
        ],
      })
      .expect(400);
    expect(refused.body.errors).toEqual([
      { path: 'beneficiaries.1.guardianPhone', message: 'Guardian phone must be a phone number, e.g. 0712 345 678' },
    ]);
    expect(await h.sql(`SELECT id FROM beneficiaries WHERE full_name LIKE 'Imported %'`)).toEqual([]);
    const future = await api()
      .post('/api/beneficiaries/import')
      .set(as('admin'))
      .send({ beneficiaries: [childForm({ fullName: 'Imported Three', dateOfBirth: '2027-01-01' })] })
      .expect(400);
    expect(future.body.errors).toEqual([
      { path: 'beneficiaries.0.dateOfBirth', message: 'Date of birth cannot be in the future' },
    ]);
    const { ids } = (
      await api()
        .post('/api/beneficiaries/import')
        .set(as('admin'))
        .send({ beneficiaries: [childForm({ fullName: 'Imported Four', guardianPhone: '0722 345 678' })] })
        .expect(201)
    ).body;
    expect(await h.sql('SELECT guardian_phone FROM beneficiaries WHERE id = $1', [ids[0]])).toEqual([
      { guardian_phone: '+254722345678' },
    ]);
  });

  it('is written in the export as Kenyans write it', async () => {
    await create({ fullName: 'Export Phone Child', guardianPhone: '254733999888' }).expect(201);
    const csv = await api()
      .get('/api/beneficiaries/export.csv')
      .query({ search: 'Export Phone Child' })
      .set(as('admin'))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(csv.body).toContain(',Mary Wanjala,0733 999 888,');
  });

  it('stored before numbers were checked, is rewritten in E.164 where it reads as one, and kept as it is where not', async () => {
    const ids: Record<string, string> = {};
    for (const name of ['Old Spaced', 'Old Country Code', 'Old Words', 'Old Foreign'])
      ids[name] = (await create({ fullName: name }).expect(201)).body.id;
    const stored = {
      'Old Spaced': '0712 345 678',
      'Old Country Code': '254 722-345-678',
      'Old Words': 'ask the chief',
      'Old Foreign': '+256 772 123456',
    };
    for (const [name, phone] of Object.entries(stored))
      await h.sql('UPDATE beneficiaries SET guardian_phone = $2 WHERE id = $1', [ids[name], phone]);

    await new GuardianPhonesE1641798520000000().up({
      query: (text: string, params?: unknown[]) => h.sql(text, params),
    });

    const after = await h.sql<{ full_name: string; guardian_phone: string }>(
      `SELECT full_name, guardian_phone FROM beneficiaries WHERE full_name LIKE 'Old %' ORDER BY full_name`,
    );
    expect(after).toEqual([
      { full_name: 'Old Country Code', guardian_phone: '+254722345678' },
      { full_name: 'Old Foreign', guardian_phone: '+256772123456' },
      { full_name: 'Old Spaced', guardian_phone: '+254712345678' },
      { full_name: 'Old Words', guardian_phone: 'ask the chief' },
    ]);
    // The list answers the rewritten number (its stored object follows the row).
    const listed = (await api().get('/api/beneficiaries').query({ search: 'Old Spaced' }).set(as('admin')).expect(200))
      .body;
    expect(listed.map((b: { guardianPhone: string }) => b.guardianPhone)).toEqual(['+254712345678']);
  });
});
