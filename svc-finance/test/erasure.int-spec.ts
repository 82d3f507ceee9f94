import { randomUUID } from 'node:crypto';
import { Client as MinioClient } from 'minio';
import { Client } from 'pg';
import request from 'supertest';
import { ErasureRequested, phoneFormsIn } from '@kcf/contracts';
import { verifyAuditChain } from '@kcf/server-kit';
import { rowsHolding, rowVersionsHolding, type TextSearch } from '@kcf/testing';
import { startFinance, waitFor, type FinanceHarness } from './finance-harness';

/**
 * Finance's part of a child's erasure (`beneficiaries.erasure.requested`, on NATS JetStream): the expenses stay
 * with their amounts (every budget sums the same) but lose the link to the child, its name and its guardian's
 * name and phone number (written any way) in every text; the child's own expenses lose their receipts (files
 * removed through `erasure_objects`) and the words of its name; audit values, idempotency records and the
 * deleted-children list naming the child go; the versions of the rows the erasure changed are vacuumed away;
 * `finance.erasure.done` reports it once the receipts are gone. The same event again (and the service restarted
 * in between) changes nothing more.
 */
jest.setTimeout(90_000);

const CHILD = 'KCF-000007';
const NAME = 'Baraka Otieno';
const GUARDIAN = 'Mary Achieng';
const PHONE = '0722 111 333';
const REQUEST = randomUUID();
/** The event as svc-beneficiaries sends it. */
const ERASURE = {
  requestId: REQUEST,
  beneficiaryId: CHILD,
  names: [NAME],
  nameWords: ['Baraka', 'Otieno'],
  guardianNames: [GUARDIAN],
  phones: phoneFormsIn(PHONE),
};

let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance();
  h.others.beneficiaries.add(CHILD);
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({ amount: '1000000', source: 'CDF bursary', date: '2026-01-10' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const expense = (fields: Record<string, string>, key?: string, receipt?: string) => {
  const req = request(h.url).post('/api/expenses').set(h.as('admin'));
  if (key) req.set('idempotency-key', key);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (receipt) req.attach('receipt', Buffer.from(`%PDF-1.4\n% ${receipt}\n%%EOF\n`), 'receipt.pdf');
  return req.expect(201);
};

/** Every key in the bucket. */
function objects(): Promise<string[]> {
  const minio = new MinioClient({
    endPoint: h.s3.endpoint,
    port: h.s3.port,
    useSSL: false,
    accessKey: h.s3.accessKey,
    secretKey: h.s3.secretKey,
    pathStyle: true,
  });
  return new Promise((resolve, reject) => {
    const keys: string[] = [];
    const stream = minio.listObjectsV2(h.s3.bucket, '', true);
    stream.on('data', (item: { name?: string }) => item.name && keys.push(item.name));
    stream.on('error', reject);
    stream.on('end', () => resolve(keys.sort()));
  });
}

const SEARCH: TextSearch = { texts: [CHILD, NAME, GUARDIAN, ...phoneFormsIn(PHONE)], digits: ['722111333'] };

const doneEvents = () =>
  h.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE subject = 'finance.erasure.done' AND payload->>'requestId' = $1`,
    [REQUEST],
  );

it('keeps the money and drops the child, once', async () => {
  await request(h.url)
    .post('/api/budgets')
    .set(h.as('admin'))
    .send({
      category: 'school_fees',
      quarter: 'Term 1',
      year: 2026,
      plannedAmount: '5000',
      notes: `Fees incl. ${NAME}`,
    })
    .expect(201);
  const fees = (
    await expense(
      {
        amount: '1200.00',
        category: 'school_fees',
        description: `Term fees for ${NAME.toUpperCase()}`,
        date: '2026-02-01',
        beneficiaryId: CHILD,
      },
      'erasure-key-1',
      `Paid for ${NAME}`,
    )
  ).body;
  const uniform = (
    await expense(
      {
        amount: '300.00',
        category: 'school_fees',
        description: 'Uniform for baraka, call 0722-111-333',
        date: '2026-02-03',
        beneficiaryId: CHILD,
      },
      undefined,
      'Uniform',
    )
  ).body;
  const chalk = (
    await expense(
      { amount: '50.00', category: 'school_fees', description: 'Chalk', date: '2026-02-04' },
      undefined,
      'Chalk',
    )
  ).body;
  // Another child's expense that shares a word of the erased child's name, and one naming the guardian.
  await expense({
    amount: '40.00',
    category: 'school_fees',
    description: 'Pencils for Baraka Kamau',
    date: '2026-02-05',
  });
  await expense({
    amount: '30.00',
    category: 'school_fees',
    description: `Refund to ${GUARDIAN} (tel. +254 722 111333)`,
    date: '2026-02-06',
  });
  await request(h.url)
    .post('/api/income')
    .set(h.as('admin'))
    .send({
      amount: '500',
      source: 'M-Pesa',
      remarks: `From ${GUARDIAN.toLowerCase()}, 254722111333`,
      date: '2026-02-07',
    })
    .expect(201);
  const used = async () =>
    (await h.sql<{ used_amount: string }>(`SELECT used_amount::text FROM budgets`))[0].used_amount;
  await waitFor('the budget', async () => (await used()) === '1620.00');
  const receiptsBefore = await objects();
  expect(receiptsBefore).toHaveLength(3);
  const keyOf = async (id: string) =>
    (await h.sql<{ receipt_key: string }>('SELECT receipt_key FROM expenses WHERE id = $1', [id]))[0].receipt_key;
  const chalkReceipt = await keyOf(chalk.id);

  const event = await h.publish(ErasureRequested, ERASURE);
  await waitFor('finance done', async () => (await doneEvents())[0].n === 1);

  // The child's receipts are gone by the time the part is reported; the other one stays.
  expect(await objects()).toEqual([chalkReceipt]);
  expect(await h.sql('SELECT key FROM erasure_objects')).toEqual([]);
  for (const id of [fees.id, uniform.id]) {
    await request(h.url).get(`/api/expenses/${id}/receipt`).set(h.as('admin')).expect(404);
    expect((await request(h.url).get(`/api/expenses/${id}`).set(h.as('admin')).expect(200)).body).toMatchObject({
      receiptUrl: null,
      beneficiaryId: null,
    });
  }
  await request(h.url).get(`/api/expenses/${chalk.id}/receipt`).set(h.as('admin')).expect(200);
  expect(
    await h.sql(
      `SELECT amount::text, description, beneficiary_id, receipt_key, receipt_name, receipt_type, receipt_size FROM expenses ORDER BY expenses.amount DESC`,
    ),
  ).toEqual([
    {
      amount: '1200.00',
      description: 'Term fees for erased',
      beneficiary_id: null,
      receipt_key: null,
      receipt_name: null,
      receipt_type: null,
      receipt_size: null,
    },
    {
      amount: '300.00',
      description: 'Uniform for erased, call erased',
      beneficiary_id: null,
      receipt_key: null,
      receipt_name: null,
      receipt_type: null,
      receipt_size: null,
    },
    {
      amount: '50.00',
      description: 'Chalk',
      beneficiary_id: null,
      receipt_key: chalkReceipt,
      receipt_name: 'receipt.pdf',
      receipt_type: 'application/pdf',
      receipt_size: expect.any(Number),
    },
    {
      amount: '40.00',
      description: 'Pencils for Baraka Kamau',
      beneficiary_id: null,
      receipt_key: null,
      receipt_name: null,
      receipt_type: null,
      receipt_size: null,
    },
    {
      amount: '30.00',
      description: 'Refund to erased (tel. erased)',
      beneficiary_id: null,
      receipt_key: null,
      receipt_name: null,
      receipt_type: null,
      receipt_size: null,
    },
  ]);
  expect(await h.sql(`SELECT remarks FROM income ORDER BY amount DESC`)).toEqual([
    { remarks: null },
    { remarks: 'From erased, erased' },
  ]);
  expect(await h.sql(`SELECT notes FROM budgets`)).toEqual([{ notes: 'Fees incl. erased' }]);
  const recalculated = await request(h.url).post('/api/budgets/recalculate').set(h.as('admin'));
  expect(recalculated.status).toBeLessThan(300);
  expect(await used()).toBe('1620.00');

  expect(await rowsHolding(h.db.url, SEARCH)).toEqual([]);
  // The versions the erasure left behind (the rows before its updates) are vacuumed away after it commits.
  expect(await rowVersionsHolding(h.db.url, SEARCH, { waitMs: 10_000 })).toEqual([]);
  const pg = new Client({ connectionString: h.db.url });
  await pg.connect();
  try {
    expect(await verifyAuditChain(pg)).toMatchObject({ ok: true });
  } finally {
    await pg.end();
  }

  // Restarted, and the same event published again: the bus or processed_events drops it.
  const audit = await h.sql('SELECT count(*)::int AS n FROM audit_entries');
  await h.restartService();
  await h.publish(ErasureRequested, ERASURE, event.id);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await doneEvents()).toEqual([{ n: 1 }]);
  expect(await h.sql('SELECT count(*)::int AS n FROM audit_entries')).toEqual(audit);
  expect(await h.sql(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`, [event.id])).toEqual([
    { n: 1 },
  ]);
});
