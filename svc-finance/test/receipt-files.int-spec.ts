import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

/** Receipts are answered so a browser never runs them as a page, under names that read as what they are. */
let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '100000', source: 'CDF bursary', date: '2026-01-10' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);

/** A file that starts like a PDF (so it is one by its magic number) and goes on as an HTML page with a script. */
const pdfWithHtml = () =>
  Buffer.from(
    '%PDF-1.4\n<html><body><script>fetch("/api/income").then(r => r.text()).then(alert)</script></body></html>\n%%EOF\n',
    'latin1',
  );

function postReceipt(name: string) {
  return api()
    .post('/api/expenses')
    .set(h.as('admin'))
    .field('amount', '450')
    .field('category', 'health')
    .field('description', 'Clinic visit')
    .field('date', '2026-09-15')
    .attach('receipt', pdfWithHtml(), name);
}

const storedName = async (id: string) =>
  (await h.sql<{ receipt_name: string }>('SELECT receipt_name FROM expenses WHERE id = $1', [id]))[0].receipt_name;

describe('a receipt', () => {
  it('that is a PDF going on as an HTML page is served as a sandboxed attachment, never sniffed, never cached publicly', async () => {
    const created = (await postReceipt('receipt.pdf').expect(201)).body;
    const res = await api().get(created.receiptUrl).set(h.as('viewer')).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('named "a\\u202Efdp.exe" (shown as "aexe.pdf") is kept and sent as "afdp.exe", without the override', async () => {
    const created = (await postReceipt('a\u202Efdp.exe').expect(201)).body;
    expect(await storedName(created.id)).toBe('afdp.exe');
    const res = await api().get(created.receiptUrl).set(h.as('viewer')).expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="afdp.exe"; filename*=UTF-8''afdp.exe`);
  });

  it('loses every bidi control and every other control character in its name, keeping the letters', async () => {
    const created = (
      await postReceipt(
        '\u2066risiti\u2069 \u200Eya\u200F \u061CJulai\u202A\u202B\u202C\u202D\u2067\u2068 \u0085\u009B2026\u2028\u2029.pdf',
      ).expect(201)
    ).body;
    expect(await storedName(created.id)).toBe('risiti ya Julai 2026.pdf');
  });

  it('keeps a name in any script exactly as it was sent (UTF-8)', async () => {
    const created = (await postReceipt('risiti ya Julai – Wanjirũ.pdf').expect(201)).body;
    expect(await storedName(created.id)).toBe('risiti ya Julai – Wanjirũ.pdf');
    const res = await api().get(created.receiptUrl).set(h.as('viewer')).expect(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="risiti ya Julai _ Wanjir_.pdf"; filename*=UTF-8''${encodeURIComponent('risiti ya Julai – Wanjirũ.pdf')}`,
    );
  });
});
