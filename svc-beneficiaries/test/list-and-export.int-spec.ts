import type { Pool } from 'pg';
import request from 'supertest';
import { SERVICE_POOL } from '@kcf/server-kit';
import { pdf, png } from './fixtures';
import { as, asBeneficiary, childForm, grantPhotoConsent, startBeneficiaries, type Harness } from './harness';

let h: Harness;
/** id by full name */
const ids: Record<string, string> = {};

const children = [
  {
    fullName: 'Amani Wekesa',
    dateOfBirth: '2015-06-01',
    homeVillage: 'Shikoti',
    county: 'kakamega',
    guardianName: 'Ruth Wekesa',
    schoolName: 'Bukura Primary',
    gradeLevel: 'grade_10',
    isActive: true,
    specialNeeds: null,
  },
  {
    fullName: 'baraka Otieno',
    dateOfBirth: '2012-01-20',
    homeVillage: 'Ekero',
    county: 'busia',
    guardianName: 'john Otieno',
    schoolName: 'amukura Secondary',
    gradeLevel: 'grade_2',
    isActive: false,
    specialNeeds: 'Asthma',
  },
  {
    fullName: 'Chebet Naliaka',
    dateOfBirth: '2018-11-30',
    homeVillage: 'Malava',
    county: 'vihiga',
    guardianName: 'Alice Naliaka',
    schoolName: 'Chavakali Primary',
    gradeLevel: 'play_group',
    isActive: true,
    specialNeeds: null,
  },
  {
    fullName: 'Dan "Danny" Makokha, Jr',
    dateOfBirth: '2010-03-03',
    homeVillage: 'Butere',
    county: 'bungoma',
    guardianName: 'Zipporah Makokha',
    schoolName: 'Butere Boys',
    gradeLevel: 'university_degree',
    isActive: true,
    specialNeeds: null,
  },
];

beforeAll(async () => {
  h = await startBeneficiaries();
  const res = await request(h.url)
    .post('/api/beneficiaries/import')
    .set(as('admin'))
    .send({
      beneficiaries: children.map((c, i) => ({
        ...childForm(),
        ...c,
        specialNeedRecords:
          i === 3
            ? [{ category: 'health', description: 'Hearing aid', status: 'ongoing', dateIdentified: '2025-01-10' }]
            : [],
      })),
    })
    .expect(201);
  children.forEach((c, i) => (ids[c.fullName] = res.body.ids[i]));
});
afterAll(async () => {
  await h?.stop();
});

const list = (query: Record<string, string | number> = {}, headers = as('viewer')) =>
  request(h.url).get('/api/beneficiaries').query(query).set(headers).expect(200);
const names = (res: request.Response) => res.body.map((b: { fullName: string }) => b.fullName);

describe('GET /api/beneficiaries', () => {
  it('answers an array, newest registration first, with the total in X-Total-Count', async () => {
    const res = await list();
    expect(names(res)).toEqual(children.map((c) => c.fullName).reverse());
    expect(res.headers['x-total-count']).toBe('4');
  });

  it('searches names and ids, ignoring case', async () => {
    expect(names(await list({ search: 'OTIENO' }))).toEqual(['baraka Otieno']);
    expect(names(await list({ search: 'naliaka' }))).toEqual(['Chebet Naliaka']);
    expect(names(await list({ search: ids['Amani Wekesa'].toLowerCase() }))).toEqual(['Amani Wekesa']);
    const none = await list({ search: '100%_' });
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('filters by county (all four), school status and special needs from text or records', async () => {
    expect(names(await list({ county: 'busia' }))).toEqual(['baraka Otieno']);
    expect(names(await list({ county: 'all' }))).toHaveLength(4);
    expect(names(await list({ schoolStatus: 'inactive' }))).toEqual(['baraka Otieno']);
    expect(names(await list({ specialNeeds: 'yes', sort: 'fullName' }))).toEqual([
      'baraka Otieno',
      'Dan "Danny" Makokha, Jr',
    ]);
    expect(names(await list({ specialNeeds: 'no', sort: 'fullName' }))).toEqual(['Amani Wekesa', 'Chebet Naliaka']);
    expect(names(await list({ specialNeeds: 'yes', schoolStatus: 'active' }))).toEqual(['Dan "Danny" Makokha, Jr']);
  });

  it.each([
    ['fullName', ['Amani Wekesa', 'baraka Otieno', 'Chebet Naliaka', 'Dan "Danny" Makokha, Jr']],
    ['guardianName', ['Alice Naliaka', 'john Otieno', 'Ruth Wekesa', 'Zipporah Makokha']],
    ['age', ['Chebet Naliaka', 'Amani Wekesa', 'baraka Otieno', 'Dan "Danny" Makokha, Jr']],
    ['homeVillage', ['Butere', 'Ekero', 'Malava', 'Shikoti']],
    ['schoolName', ['amukura Secondary', 'Bukura Primary', 'Butere Boys', 'Chavakali Primary']],
    ['gradeLevel', ['play_group', 'grade_2', 'grade_10', 'university_degree']],
    ['id', ['Amani Wekesa', 'baraka Otieno', 'Chebet Naliaka', 'Dan "Danny" Makokha, Jr']],
  ])('sorts by %s both ways', async (sort, ascending) => {
    // age and id are checked through the names; the other columns through themselves
    const field = ['guardianName', 'homeVillage', 'schoolName', 'gradeLevel'].includes(sort) ? sort : 'fullName';
    const read = (res: request.Response) => res.body.map((b: Record<string, string>) => b[field]);
    expect(read(await list({ sort, dir: 'asc' }))).toEqual(ascending);
    expect(read(await list({ sort, dir: 'desc' }))).toEqual([...ascending].reverse());
  });

  it('sorts by status, inactive first when ascending', async () => {
    const res = await list({ sort: 'isActive', dir: 'asc' });
    expect(res.body.map((b: { isActive: boolean }) => b.isActive)).toEqual([false, true, true, true]);
  });

  it('pages with limit and offset, the total staying the same', async () => {
    const first = await list({ sort: 'fullName', limit: 3, offset: 0 });
    const second = await list({ sort: 'fullName', limit: 3, offset: 3 });
    expect(names(first)).toEqual(['Amani Wekesa', 'baraka Otieno', 'Chebet Naliaka']);
    expect(names(second)).toEqual(['Dan "Danny" Makokha, Jr']);
    expect([first.headers['x-total-count'], second.headers['x-total-count']]).toEqual(['4', '4']);
    const past = await list({ sort: 'fullName', limit: 3, offset: 10 });
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
  });

  it('answers every page exactly, near the start or near the end of the order (walked from the end)', async () => {
    const ids = (res: request.Response) => res.body.map((b: { id: string }) => b.id);
    for (const order of [
      {},
      { sort: 'fullName', dir: 'asc' },
      { sort: 'age', dir: 'desc' },
      { sort: 'isActive', dir: 'desc' },
    ]) {
      const all = ids(await list({ ...order, limit: 500 }));
      for (const limit of [1, 3]) {
        for (let offset = 0; offset <= all.length; offset++) {
          // The second read knows the total and may walk backward.
          for (let read = 0; read < 2; read++) {
            const page = await list({ ...order, limit, offset });
            expect(ids(page)).toEqual(all.slice(offset, offset + limit));
            expect(page.headers['x-total-count']).toBe(String(all.length));
          }
        }
      }
    }
  });

  it('keeps the total right across every kind of write, by this service or straight to the database', async () => {
    const total = async (query: Record<string, string>) => (await list(query)).headers['x-total-count'];
    // Counted once, then remembered for this version of the table.
    expect(await total({ search: 'wekesa', limit: '1' })).toBe('1');
    expect(await total({ search: 'wekesa', limit: '1' })).toBe('1');

    const created = await request(h.url)
      .post('/api/beneficiaries')
      .set(as('admin'))
      .send(childForm({ fullName: 'Imani Wekesa' }))
      .expect(201);
    expect(await total({ search: 'wekesa', limit: '1' })).toBe('2');
    expect(await total({ search: 'wekesa', limit: '1', offset: '5' })).toBe('2');

    await request(h.url)
      .put(`/api/beneficiaries/${created.body.id}`)
      .set(as('admin'))
      .send(childForm({ fullName: 'Imani Were' }))
      .expect(200);
    expect(await total({ search: 'wekesa', limit: '1' })).toBe('1');
    expect(await total({ search: 'were', limit: '1' })).toBe('1');

    // Another replica (or an operator) writing to the table is seen too.
    await h.sql(`UPDATE beneficiaries SET full_name = 'Imani Wekesa' WHERE id = $1`, [created.body.id]);
    expect(await total({ search: 'wekesa', limit: '1' })).toBe('2');
    // The item itself too (the stored API object is rewritten by the table's trigger, whoever writes).
    expect(names(await list({ search: created.body.id }))).toEqual(['Imani Wekesa']);
    expect(await total({ search: 'were', limit: '1' })).toBe('0');

    await request(h.url).delete(`/api/beneficiaries/${created.body.id}`).set(as('superadmin')).expect(200);
    expect(await total({ search: 'wekesa', limit: '1' })).toBe('1');
    expect(await total({})).toBe('4');
  });

  it('refuses unknown sorts and bad paging with messages', async () => {
    const res = await request(h.url)
      .get('/api/beneficiaries')
      .query({ sort: 'password', limit: 0 })
      .set(as('viewer'))
      .expect(400);
    expect(res.body.errors).toEqual([
      {
        path: 'sort',
        message: 'Sort must be one of: id, fullName, guardianName, age, homeVillage, schoolName, gradeLevel, isActive',
      },
      { path: 'limit', message: 'Limit must be between 1 and 500' },
    ]);
  });

  it('shows a beneficiary user its own child only', async () => {
    const own = ids['Chebet Naliaka'];
    const res = await list({}, asBeneficiary(own));
    expect(names(res)).toEqual(['Chebet Naliaka']);
    expect(res.headers['x-total-count']).toBe('1');
    expect(names(await list({ search: 'Otieno' }, asBeneficiary(own)))).toEqual([]);
    expect(names(await list({}, asBeneficiary(null)))).toEqual([]);
  });
});

describe('GET /api/beneficiaries/export.csv', () => {
  const exportCsv = (query: Record<string, string> = {}, headers = as('viewer')) =>
    request(h.url)
      .get('/api/beneficiaries/export.csv')
      .query(query)
      .set(headers)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });

  it('streams every matching row with the product’s columns, Yes/No special needs and a dated file name', async () => {
    const res = await exportCsv({ sort: 'fullName' }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Beneficiaries_Report_2026_03_02.csv"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A download like every other file the services send (server-kit's setFileHeaders): sandboxed, kept by no cache.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-total-count']).toBe('4');
    const lines = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Beneficiary ID,Full Name,Age,Date of Birth,Guardian Name,Guardian Phone,Home Village,Sub County,County,School Name,Grade Level,Status,Has Special Needs',
    );
    expect(lines.slice(1)).toEqual([
      `${ids['Amani Wekesa']},Amani Wekesa,10,2015-06-01,Ruth Wekesa,0712 345 678,Shikoti,Lurambi,Kakamega,Bukura Primary,Grade 10,Active,No`,
      `${ids['baraka Otieno']},baraka Otieno,14,2012-01-20,john Otieno,0712 345 678,Ekero,Lurambi,Busia,amukura Secondary,Grade 2,Inactive,Yes`,
      `${ids['Chebet Naliaka']},Chebet Naliaka,7,2018-11-30,Alice Naliaka,0712 345 678,Malava,Lurambi,Vihiga,Chavakali Primary,Play Group,Active,No`,
      `${ids['Dan "Danny" Makokha, Jr']},"Dan ""Danny"" Makokha, Jr",15,2010-03-03,Zipporah Makokha,0712 345 678,Butere,Lurambi,Bungoma,Butere Boys,University Degree,Active,Yes`,
      '',
    ]);
  });

  it('applies the list filters', async () => {
    const res = await exportCsv({ county: 'busia' }).expect(200);
    expect((res.body as string).trim().split('\r\n')).toHaveLength(2);
    expect(res.headers['x-total-count']).toBe('1');
    const none = await exportCsv({ search: 'nobody' }).expect(200);
    expect(none.headers['x-total-count']).toBe('0');
    expect((none.body as string).trim().split('\r\n')).toHaveLength(1);
  });

  it('is for staff only', async () => {
    await request(h.url).get('/api/beneficiaries/export.csv').set(asBeneficiary(ids['Amani Wekesa'])).expect(403);
    await request(h.url).get('/api/beneficiaries/export.csv').expect(401);
  });
});

describe('POST /api/beneficiaries/import', () => {
  it('validates every child with the form messages and writes nothing on an error', async () => {
    const before = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM beneficiaries`);
    const res = await request(h.url)
      .post('/api/beneficiaries/import')
      .set(as('admin'))
      .send({ beneficiaries: [childForm(), { ...childForm(), fullName: '' }] })
      .expect(400);
    expect(res.body.errors).toEqual([{ path: 'beneficiaries.1.fullName', message: 'Full name is required' }]);
    const after = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM beneficiaries`);
    expect(after[0].n).toBe(before[0].n);
    await request(h.url)
      .post('/api/beneficiaries/import')
      .set(as('viewer'))
      .send({ beneficiaries: [childForm()] })
      .expect(403);
  });

  it('creates the children with their records and the same events as one-by-one creation', async () => {
    const res = await request(h.url)
      .post('/api/beneficiaries/import')
      .set(as('admin'))
      .send({
        beneficiaries: [
          {
            ...childForm({ fullName: 'Imported Child' }),
            householdMembers: [{ name: 'Grace', relationship: 'Mother', age: 35 }],
            schoolPerformance: [{ subject: 'Mathematics', term: 'Term 1', grade: 'B+' }],
            schoolFees: [{ term: 'Term 1', year: 2026, amount: '4500' }],
          },
        ],
      })
      .expect(201);
    const [id] = res.body.ids;
    const household = await request(h.url)
      .get(`/api/beneficiaries/${id}/household-members`)
      .set(as('viewer'))
      .expect(200);
    expect(household.body).toMatchObject([{ name: 'Grace', relationship: 'Mother', age: 35 }]);
    const fees = await request(h.url).get(`/api/beneficiaries/${id}/school-fees`).set(as('viewer')).expect(200);
    expect(fees.body).toMatchObject([{ term: 'Term 1', year: 2026, amount: '4500.00' }]);
    const events = await h.sql<{ subject: string; type: string | null }>(
      `SELECT subject, payload->>'recordType' AS type FROM outbox WHERE payload->>'beneficiaryId' = $1 OR payload->>'recordType' IN ('household_member','school_performance','school_fee') ORDER BY seq`,
      [id],
    );
    expect(events.map((e) => `${e.subject}:${e.type ?? ''}`).sort()).toEqual(
      [
        'beneficiaries.beneficiary.created:',
        'records.created-by:household_member',
        'records.created-by:school_fee',
        'records.created-by:school_performance',
      ].sort(),
    );
  });
});

describe('GET /api/beneficiaries items', () => {
  it('are each child exactly as its own GET answers it: photo, certificate, special needs, ages around a birthday', async () => {
    // The clock reads 2 March 2026 in Kakamega.
    const births = { 'Leap Kizito': '2016-02-29', 'Today Kizito': '2016-03-02', 'Tomorrow Kizito': '2016-03-03' };
    const created: Record<string, string> = {};
    for (const [fullName, dateOfBirth] of Object.entries(births)) {
      const req = request(h.url).post('/api/beneficiaries').set(as('admin'));
      for (const [key, value] of Object.entries(childForm({ fullName, dateOfBirth }))) req.field(key, value);
      if (fullName === 'Leap Kizito') req.attach('birthCertificate', pdf(), 'certificate.pdf');
      created[fullName] = (await req.expect(201)).body.id;
    }
    await grantPhotoConsent(h.url, created['Today Kizito']);
    await request(h.url)
      .post(`/api/beneficiaries/${created['Today Kizito']}/photo`)
      .set(as('admin'))
      .attach('photo', png(), 'me.png')
      .expect(200);
    // Special needs from a record only (no text on the form).
    await request(h.url)
      .post(`/api/beneficiaries/${created['Leap Kizito']}/special-needs`)
      .set(as('admin'))
      .send({ category: 'health', description: 'Asthma', status: 'ongoing', dateIdentified: '2025-01-10' })
      .expect(201);
    await request(h.url)
      .put(`/api/beneficiaries/${created['Tomorrow Kizito']}`)
      .set(as('admin'))
      .send(
        childForm({
          fullName: 'Tomorrow Kizito',
          dateOfBirth: '2016-03-03',
          specialNeeds: 'Needs glasses "for reading"\nand a front seat',
        }),
      )
      .expect(200);

    const res = await list({ search: 'kizito', sort: 'age', dir: 'asc' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.map((b: { fullName: string; age: number }) => [b.fullName, b.age])).toEqual([
      ['Tomorrow Kizito', 9],
      ['Today Kizito', 10],
      ['Leap Kizito', 10],
    ]);
    for (const item of res.body) {
      const own = await request(h.url).get(`/api/beneficiaries/${item.id}`).set(as('viewer')).expect(200);
      expect(item).toStrictEqual(own.body);
      expect(Object.keys(item)).toEqual(Object.keys(own.body));
    }
    const byName = Object.fromEntries(res.body.map((b: { fullName: string }) => [b.fullName, b]));
    expect(byName['Leap Kizito']).toMatchObject({ specialNeeds: null, hasSpecialNeeds: true });
    expect(byName['Leap Kizito'].birthCertificateUrl).toMatch(/^\/download\/.+\.pdf$/);
    expect(byName['Today Kizito']).toMatchObject({
      photoContentType: 'image/png',
      photoThumbnailUrl: `/api/beneficiaries/${created['Today Kizito']}/photo/thumbnail`,
    });
    expect(byName['Tomorrow Kizito']).toMatchObject({
      photoUrl: null,
      birthCertificateUrl: null,
      hasSpecialNeeds: true,
    });
  });
});

describe('GET /api/beneficiaries statements', () => {
  it('are prepared on the connections, a few texts per sort whatever the filters, and planned for each call’s values', async () => {
    const pool = h.service.app.get<Pool>(SERVICE_POOL, { strict: false });
    /** The names prepared on every connection of the pool (all of them held at once, so each is asked). */
    const prepared = async () => {
      const clients = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
      try {
        const names = await Promise.all(
          clients.map((c) =>
            c.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'kcf\\_%'`),
          ),
        );
        return new Set(names.flatMap((r) => r.rows.map((row) => row.name)));
      } finally {
        clients.forEach((c) => c.release());
      }
    };
    const before = await prepared();
    for (const query of [
      { sort: 'gradeLevel', search: 'a' },
      { sort: 'gradeLevel', county: 'busia', specialNeeds: 'yes' },
      { sort: 'gradeLevel', schoolStatus: 'inactive', offset: 2 },
    ]) {
      await list(query);
      await list(query);
    }
    const after = await prepared();
    expect(after.size).toBeGreaterThan(0);
    // At most three texts for this sort (with the count, without it, walked from the end), however the filters varied.
    expect([...after].filter((name) => !before.has(name)).length).toBeLessThanOrEqual(3);
    const mode = await pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(mode.rows[0].plan_cache_mode).toBe('force_custom_plan');
    const jit = await pool.query<{ jit: string }>('SHOW jit');
    expect(jit.rows[0].jit).toBe('off');
  });
});
