import { INTERNAL } from '@kcf/contracts';
import request from 'supertest';
import { FILES, startFinance, type FinanceHarness } from './finance-harness';

/**
 * The receipts of a child's expenses, for svc-beneficiaries' export of the child's data: listed (the expense, its
 * date, the name it was uploaded under, its type and size) and each one's bytes, streamed, to the system only; a
 * receipt of another child's expense is not found.
 */
let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  for (const id of ['KCF-000007', 'KCF-000008']) h.others.beneficiaries.add(id);
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
const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

function postExpense(beneficiaryId: string, date: string, receipt?: { bytes: Buffer; name: string }) {
  const req = api().post('/api/expenses').set(h.as('admin'));
  for (const [name, value] of Object.entries({
    amount: '450',
    category: 'health',
    description: 'Clinic visit',
    date,
    beneficiaryId,
  }))
    req.field(name, value);
  if (receipt) req.attach('receipt', receipt.bytes, receipt.name);
  return req.expect(201).then((res) => res.body as { id: string });
}

describe("a child's receipts", () => {
  let later: { id: string };
  let earlier: { id: string };
  let others: { id: string };

  beforeAll(async () => {
    later = await postExpense('KCF-000007', '2026-02-20', { bytes: FILES.png, name: 'risiti ya Februari.png' });
    earlier = await postExpense('KCF-000007', '2026-01-15', { bytes: FILES.pdf, name: 'risiti.pdf' });
    await postExpense('KCF-000007', '2026-01-16');
    others = await postExpense('KCF-000008', '2026-01-15', { bytes: FILES.pdf, name: 'other.pdf' });
  });

  it('are listed oldest expense first, with the name each was uploaded under, its type and size', async () => {
    const res = await api().get('/internal/beneficiaries/KCF-000007/receipts').set(h.asSystem()).expect(200);
    expect(res.headers['x-kcf-contract']).toBe(`childReceipts@${INTERNAL.childReceipts.version}`);
    expect(res.body).toEqual([
      {
        expenseId: earlier.id,
        date: '2026-01-15',
        name: 'risiti.pdf',
        contentType: 'application/pdf',
        size: FILES.pdf.length,
      },
      {
        expenseId: later.id,
        date: '2026-02-20',
        name: 'risiti ya Februari.png',
        contentType: 'image/png',
        size: FILES.png.length,
      },
    ]);
    expect((await api().get('/internal/beneficiaries/KCF-000999/receipts').set(h.asSystem()).expect(200)).body).toEqual(
      [],
    );
    expect(
      (await api().get('/internal/beneficiaries/not-a-child/receipts').set(h.asSystem()).expect(200)).body,
    ).toEqual([]);
  });

  it("are each served as stored, byte for byte, with the type and length; another child's or a missing one is not found", async () => {
    const res = await binary(
      api().get(`/internal/beneficiaries/KCF-000007/receipts/${earlier.id}`).set(h.asSystem()),
    ).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(FILES.pdf.length));
    expect(res.headers['x-kcf-contract']).toBe(`childReceiptFile@${INTERNAL.childReceiptFile.version}`);
    expect(Buffer.compare(res.body as Buffer, FILES.pdf)).toBe(0);
    await api().get(`/internal/beneficiaries/KCF-000007/receipts/${others.id}`).set(h.asSystem()).expect(404);
    await api()
      .get(`/internal/beneficiaries/KCF-000007/receipts/00000000-0000-4000-8000-000000000000`)
      .set(h.asSystem())
      .expect(404);
    await api().get(`/internal/beneficiaries/KCF-000007/receipts/not-an-id`).set(h.asSystem()).expect(404);
  });

  it('are for the system only: a user, even the superadmin, is refused', async () => {
    await api().get('/internal/beneficiaries/KCF-000007/receipts').set(h.as('superadmin')).expect(403);
    await api().get(`/internal/beneficiaries/KCF-000007/receipts/${earlier.id}`).set(h.as('superadmin')).expect(403);
  });
});
