import request from 'supertest';
import { FILES, startFinance, type FinanceHarness } from './finance-harness';

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  h.others.beneficiaries.add('KCF-000007');
  h.others.beneficiaries.add('KCF-000008');
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '1000000', source: 'CDF bursary', date: '2026-01-10' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);

type Fields = Record<string, string>;
const expense: Fields = {
  amount: '4500',
  category: 'school_fees',
  description: 'Term 3 fees, Shikoti Primary',
  date: '2026-09-15',
  beneficiaryId: 'none',
};

function send(
  method: 'post' | 'put',
  path: string,
  fields: Fields,
  file?: { bytes: Buffer; name: string },
  role: 'admin' | 'superadmin' | 'viewer' = 'admin',
) {
  const req = api()[method](path).set(h.as(role));
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (file) req.attach('receipt', file.bytes, file.name);
  return req;
}
const postExpense = (fields: Fields, file?: { bytes: Buffer; name: string }) =>
  send('post', '/api/expenses', fields, file);

describe('expenses', () => {
  it('records an expense without a receipt or a child', async () => {
    const res = await postExpense(expense).expect(201);
    expect(res.body).toMatchObject({
      amount: '4500.00',
      category: 'school_fees',
      description: 'Term 3 fees, Shikoti Primary',
      date: '2026-09-15',
      beneficiaryId: null,
      receiptUrl: null,
      createdBy: 'u-admin',
    });
    await api().get(`/api/expenses/${res.body.id}`).set(h.as('viewer')).expect(200);
  });

  it('gives the product’s messages for a bad form', async () => {
    const res = await postExpense({ amount: '', category: '', description: '', date: '' }).expect(400);
    expect(res.body.errors).toEqual([
      { path: 'amount', message: 'Amount is required' },
      { path: 'category', message: 'Category is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'date', message: 'Date is required' },
    ]);
    const other = await postExpense({ ...expense, category: 'travel' }).expect(400);
    expect(other.body.message).toBe('Category must be one of: school_fees, health, admin, special_needs, other');
  });

  it('names a child only when svc-beneficiaries knows it', async () => {
    const ok = await postExpense({ ...expense, category: 'health', beneficiaryId: 'KCF-000007' }).expect(201);
    expect(ok.body.beneficiaryId).toBe('KCF-000007');
    expect(h.others.seen).toContain('GET /internal/beneficiaries/KCF-000007/exists system');
    for (const beneficiaryId of ['KCF-000999', 'not-an-id']) {
      const res = await postExpense({ ...expense, beneficiaryId }).expect(400);
      expect(res.body).toMatchObject({
        message: 'Beneficiary not found',
        errors: [{ path: 'beneficiaryId', message: 'Beneficiary not found' }],
      });
    }
  });

  it('answers 502, not a guess, while svc-beneficiaries is down, and saves nothing', async () => {
    const before = await h.sql<{ n: string }>('SELECT count(*) AS n FROM expenses');
    h.others.down = true;
    try {
      const res = await postExpense({ ...expense, beneficiaryId: 'KCF-000008' }).expect(502);
      expect(res.body.message).toBe('The beneficiaries service is unavailable');
    } finally {
      h.others.down = false;
    }
    expect(await h.sql('SELECT count(*) AS n FROM expenses')).toEqual(before);
  });

  it('updates every field, checks a newly named child, and lets only a superadmin delete', async () => {
    const created = (await postExpense(expense).expect(201)).body;
    const res = await send('put', `/api/expenses/${created.id}`, {
      ...expense,
      amount: '4600.10',
      category: 'special_needs',
      date: '2026-05-02',
      beneficiaryId: 'KCF-000008',
    }).expect(200);
    expect(res.body).toMatchObject({
      id: created.id,
      amount: '4600.10',
      category: 'special_needs',
      date: '2026-05-02',
      beneficiaryId: 'KCF-000008',
      createdBy: 'u-admin',
    });
    await send('put', `/api/expenses/${created.id}`, { ...expense, beneficiaryId: 'KCF-000404' }).expect(400);
    await send('put', `/api/expenses/${created.id}`, expense, undefined, 'viewer').expect(403);
    await api().delete(`/api/expenses/${created.id}`).set(h.as('admin')).expect(403);
    await api().delete(`/api/expenses/${created.id}`).set(h.as('superadmin')).expect(204);
    await api().get(`/api/expenses/${created.id}`).set(h.as('admin')).expect(404);
    await send('put', `/api/expenses/${created.id}`, expense).expect(404);
  });

  it('lists newest first with the total in X-Total-Count, and filters by date', async () => {
    const res = await api().get('/api/expenses?limit=2').set(h.as('viewer')).expect(200);
    const all = await h.sql<{ date: string }>(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM expenses ORDER BY date DESC, created_at DESC`,
    );
    expect(res.headers['x-total-count']).toBe(String(all.length));
    expect(res.body.map((e: { date: string }) => e.date)).toEqual(all.slice(0, 2).map((r) => r.date));
    const september = await api().get('/api/expenses?from=2026-09-01&to=2026-09-30').set(h.as('viewer')).expect(200);
    expect(september.body.length).toBeGreaterThan(0);
    expect(september.body.every((e: { date: string }) => e.date.startsWith('2026-09'))).toBe(true);
  });
});

describe('receipts', () => {
  it.each([
    ['pdf', FILES.pdf, 'receipt.pdf', 'application/pdf'],
    ['png', FILES.png, 'photo of receipt.png', 'image/png'],
    ['jpg', FILES.jpg, 'scan.jpeg', 'image/jpeg'],
  ])('accepts a %s and serves it back as an attachment that is never sniffed', async (_kind, bytes, name, type) => {
    const created = (await postExpense(expense, { bytes, name }).expect(201)).body;
    expect(created.receiptUrl).toBe(`/api/expenses/${created.id}/receipt`);
    const res = await api()
      .get(created.receiptUrl)
      .set(h.as('viewer'))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    const [row] = await h.sql<{ receipt_key: string }>('SELECT receipt_key FROM expenses WHERE id = $1', [created.id]);
    expect(row.receipt_key).toMatch(new RegExp(`^receipts/${created.id}/[0-9a-f-]{36}\\.(pdf|png|jpg)$`));
  });

  it.each([
    ['plain text', FILES.text, 'receipt.pdf'],
    ['an HTML page named .pdf', FILES.html, 'receipt.pdf'],
    ['an empty file', Buffer.alloc(0), 'receipt.png'],
  ])('refuses %s with 415 and saves nothing', async (_what, bytes, name) => {
    const before = await h.sql<{ n: string }>('SELECT count(*) AS n FROM expenses');
    const res = await postExpense({ ...expense, description: 'refused receipt' }, { bytes, name }).expect(415);
    expect(res.body.message).toBe('File type is not accepted');
    expect(await h.sql('SELECT count(*) AS n FROM expenses')).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and takes exactly 10 MB', async () => {
    const limit = 10 * 1024 * 1024;
    const exact = Buffer.concat([FILES.pdf, Buffer.alloc(limit - FILES.pdf.length, 0x20)]);
    await postExpense(expense, { bytes: exact, name: 'big.pdf' }).expect(201);
    const res = await postExpense(expense, {
      bytes: Buffer.concat([exact, Buffer.from(' ')]),
      name: 'too-big.pdf',
    }).expect(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('replaces the receipt on update, keeps it when none is sent, and removes it with the expense', async () => {
    const created = (await postExpense(expense, { bytes: FILES.pdf, name: 'first.pdf' }).expect(201)).body;
    const keyOf = async () =>
      (await h.sql<{ receipt_key: string }>('SELECT receipt_key FROM expenses WHERE id = $1', [created.id]))[0]
        ?.receipt_key;
    const first = await keyOf();
    await send('put', `/api/expenses/${created.id}`, { ...expense, amount: '10' }).expect(200);
    expect(await keyOf()).toBe(first);
    await send('put', `/api/expenses/${created.id}`, expense, { bytes: FILES.png, name: 'second.png' }).expect(200);
    const second = await keyOf();
    expect(second).not.toBe(first);
    const storage = await storageOf(h);
    expect(await storage.exists(first)).toBe(false);
    expect(await storage.exists(second)).toBe(true);
    const got = await api().get(`/api/expenses/${created.id}/receipt`).set(h.as('admin')).expect(200);
    expect(got.headers['content-type']).toBe('image/png');
    await api().delete(`/api/expenses/${created.id}`).set(h.as('superadmin')).expect(204);
    expect(await storage.exists(second)).toBe(false);
    await storage.close();
  });

  it('answers 404 for the receipt of an expense without one, and keeps it from beneficiaries', async () => {
    const created = (await postExpense(expense).expect(201)).body;
    await api().get(`/api/expenses/${created.id}/receipt`).set(h.as('admin')).expect(404);
    await api()
      .get(`/api/expenses/${created.id}/receipt`)
      .set(h.as('beneficiary', { beneficiaryId: 'KCF-000007' }))
      .expect(403);
    await api().get(`/api/expenses/${created.id}/receipt`).expect(401);
  });
});

describe('the balance guard', () => {
  beforeAll(async () => {
    // A fresh ledger: balance 1,000.00.
    await h.sql('DELETE FROM expenses');
    await h.sql('DELETE FROM income');
    await api()
      .post('/api/income')
      .set(h.as('admin'))
      .send({ amount: '1000', source: 'Well-wisher', date: '2026-02-01' })
      .expect(201);
  });

  const stats = async () => (await api().get('/internal/stats').set(h.asSystem()).expect(200)).body;

  it('refuses an expense larger than the balance with the product’s message', async () => {
    const res = await postExpense({ ...expense, amount: '1000.01' }).expect(400);
    expect(res.body.message).toBe(
      'Cannot create expense: Amount (KSH 1,000.01) exceeds available balance (KSH 1,000.00)',
    );
    expect(res.body.message).toContain('balance');
  });

  it('lets two expenses race for one balance: exactly one passes', async () => {
    const results = await Promise.all([
      postExpense({ ...expense, amount: '600' }),
      postExpense({ ...expense, amount: '600' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await stats()).netBalance).toBe('400.00');
  });

  it('keeps the balance under many concurrent expenses', async () => {
    // 400.00 left: 30 expenses of 25.00 at once, only 16 fit.
    const results = await Promise.all(Array.from({ length: 30 }, () => postExpense({ ...expense, amount: '25' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(16);
    expect(results.filter((r) => r.status === 400).every((r) => /balance/.test(r.body.message))).toBe(true);
    expect(await stats()).toEqual({ totalDonations: '1000.00', totalExpenses: '1000.00', netBalance: '0.00' });
  });

  it('says there is no positive balance once it is spent', async () => {
    const res = await postExpense({ ...expense, amount: '0.01' }).expect(400);
    expect(res.body.message).toBe('Cannot create expense: No positive balance available');
  });

  it('checks an update that raises an expense against the balance plus what it already took', async () => {
    await api()
      .post('/api/income')
      .set(h.as('admin'))
      .send({ amount: '100', source: 'Harambee', date: '2026-02-02' })
      .expect(201);
    const [row] = await h.sql<{ id: string }>(`SELECT id FROM expenses WHERE amount = 25 LIMIT 1`);
    await send('put', `/api/expenses/${row.id}`, { ...expense, amount: '125' }).expect(200);
    const refused = await send('put', `/api/expenses/${row.id}`, { ...expense, amount: '125.01' }).expect(400);
    expect(refused.body.message).toBe(
      'Cannot update expense: Amount (KSH 125.01) exceeds available balance (KSH 125.00)',
    );
    // Lowering or keeping the amount is never refused, even with nothing left.
    await send('put', `/api/expenses/${row.id}`, { ...expense, amount: '125', description: 'renamed' }).expect(200);
    await send('put', `/api/expenses/${row.id}`, { ...expense, amount: '20' }).expect(200);
    expect((await stats()).netBalance).toBe('105.00');
  });
});

async function storageOf(harness: FinanceHarness) {
  const { createObjectStorage } = await import('@kcf/server-kit');
  return createObjectStorage({
    endpoint: harness.config.S3_ENDPOINT,
    accessKey: harness.config.S3_ACCESS_KEY,
    secretKey: harness.config.S3_SECRET_KEY,
    bucket: harness.config.S3_BUCKET,
    region: harness.config.S3_REGION,
    localRoot: '/nonexistent',
  });
}
