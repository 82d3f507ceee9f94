import { createHash } from 'node:crypto';
import request from 'supertest';
import type { AuditChange, AuditEntry } from '@kcf/contracts';
import { auditEntriesAfter, auditHead, listRoutes } from '@kcf/server-kit';
import { FILES, USERS, startFinance, waitFor, type FinanceHarness } from './finance-harness';

/**
 * The audit trail of svc-finance, route by route: every route the running app registered, reads included, has an
 * expectation here or a stated exemption (a write route only when it is internal), and each expectation performs the request as a signed
 * user and finds exactly the entries it should in `audit_entries`: who (id, username, name, role), what (action,
 * entity type and id), which child, and the old -> new values. The report downloads, the Monthly Report
 * and a receipt's download are here too. A refused write leaves no entry.
 */
let h: FinanceHarness;
beforeAll(async () => {
  h = await startFinance({ clock: new Date('2026-11-02T08:00:00Z') });
  h.others.beneficiaries.add('KCF-000007');
  h.others.beneficiaries.add('KCF-000008');
  await api()
    .post('/api/income')
    .set(signed('admin'))
    .send({ amount: '1000000', source: 'CDF bursary', date: '2026-01-10' })
    .expect(201);
});
afterAll(async () => {
  await h?.stop();
});

const api = () => request(h.url);

type Staff = 'admin' | 'superadmin';

/** The actor an entry must name: the signed user as the gateway vouches for it (id, role, username, name). */
const actorOf = (role: Staff) => ({
  id: USERS[role].id,
  username: USERS[role].username,
  name: `${USERS[role].firstName} ${USERS[role].lastName}`,
  role,
});

const signed = (role: Staff) => h.as(role, { username: actorOf(role).username, name: actorOf(role).name });

type Method = 'post' | 'put';
type Fields = Record<string, string>;

/** A multipart form (the expense form, with an optional receipt). */
function form(method: Method, path: string, role: Staff, fields: Fields, file?: { bytes: Buffer; name: string }) {
  const req = api()[method](path).set(signed(role));
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (file) req.attach('receipt', file.bytes, file.name);
  return req;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------------------------------------------------------
// Reading the trail

/** The newest position in the chain: entries after it are the ones a request left. */
const watermark = () => auditHead(h.sql);
const entriesAfter = (seq: string) => auditEntriesAfter(h.sql, 'finance', seq);

/** An entry as a test expects it; `changes` compared whatever their order, `details` exactly (absent: none). */
interface Expected {
  action: 'create' | 'update' | 'delete' | 'view' | 'export';
  entityType: string;
  entityId: string | null;
  beneficiaryId: string | null;
  changes?: AuditChange[];
  details?: Record<string, unknown>;
}

const byField = (changes: AuditChange[]) => [...changes].sort((a, b) => a.field.localeCompare(b.field));

function shape(entry: AuditEntry) {
  return {
    actor: entry.actor,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: entry.entity.id,
    beneficiaryId: entry.beneficiaryId,
    changes: byField(entry.changes),
    details: entry.details,
  };
}

function expected(role: Staff, entry: Expected) {
  return {
    actor: actorOf(role),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    beneficiaryId: entry.beneficiaryId,
    changes: byField(entry.changes ?? []),
    details: entry.details ?? null,
  };
}

/** A created record's changes: every field from nothing. */
const fromNothing = (values: Record<string, unknown>): AuditChange[] =>
  Object.entries(values).map(([field, to]) => ({ field, from: null, to }));
/** A deleted record's changes: every field to nothing. */
const toNothing = (values: Record<string, unknown>): AuditChange[] =>
  Object.entries(values).map(([field, from]) => ({ field, from, to: null }));

// ---------------------------------------------------------------------------------------------------------------
// What the cases set up (not measured)

/** A record as the API answered it. */
interface Saved {
  id: string;
  [field: string]: unknown;
}

const newIncome = async (
  body: object = { amount: '3000', source: 'Harambee', date: '2026-10-05', remarks: 'Parents' },
) => (await api().post('/api/income').set(signed('admin')).send(body).expect(201)).body as Saved;

const expenseFields: Fields = {
  amount: '1200',
  category: 'health',
  description: 'Clinic visit',
  date: '2026-10-06',
  beneficiaryId: 'KCF-000007',
};

const newExpense = async (fields: Fields = expenseFields, file?: { bytes: Buffer; name: string }) =>
  (await form('post', '/api/expenses', 'admin', fields, file).expect(201)).body as Saved;

const newBudget = async (body: object) =>
  (await api().post('/api/budgets').set(signed('admin')).send(body).expect(201)).body as Saved;

/** Every expense event in the outbox has been handled by the budget-usage consumer (used amounts are settled). */
async function usageSettled(): Promise<void> {
  await waitFor('the budget-usage consumer to handle every expense event', async () => {
    const [{ n }] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox o WHERE o.subject LIKE '%expense.%'
       AND NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.event_id = o.id AND p.consumer = 'finance-budget-usage')`,
    );
    return n === 0;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The table: one or more cases per route

/** What a case set up before its request, by name. */
type Arranged = Record<string, Saved>;

interface Case {
  /** What the case shows, in words. */
  name: string;
  as: Staff;
  /** What the request needs, set up through the same app; its entries are not the case's. */
  arrange?(): Promise<Arranged>;
  /** The measured request(s), and the entries they must leave: exactly these, in this order. */
  act(arranged: Arranged): Promise<Expected[]>;
}

const fileFactsOf = (name: string, bytes: Buffer, type: string) => ({
  name,
  type,
  size: bytes.length,
  sha256: sha256(bytes),
});

const EXPECTATIONS: Record<string, Case[]> = {
  'POST /api/income': [
    {
      name: 'creating income lists its new values',
      as: 'admin',
      async act() {
        const res = await api()
          .post('/api/income')
          .set(signed('admin'))
          .send({ amount: '2500', source: 'Church partners', date: '2026-10-04', remarks: 'October offering' })
          .expect(201);
        return [
          {
            action: 'create',
            entityType: 'income',
            entityId: res.body.id,
            beneficiaryId: null,
            changes: fromNothing({
              amount: '2500.00',
              source: 'Church partners',
              date: '2026-10-04',
              remarks: 'October offering',
              createdBy: 'u-admin',
            }),
          },
        ];
      },
    },
  ],
  'PUT /api/income/:id': [
    {
      name: 'editing income records each changed field, old -> new',
      as: 'admin',
      arrange: async () => ({ income: await newIncome() }),
      async act({ income }) {
        await api()
          .put(`/api/income/${income.id}`)
          .set(signed('admin'))
          .send({ amount: '3500', source: 'Harambee', date: '2026-10-05', remarks: 'Parents and teachers' })
          .expect(200);
        return [
          {
            action: 'update',
            entityType: 'income',
            entityId: income.id,
            beneficiaryId: null,
            changes: [
              { field: 'amount', from: '3000.00', to: '3500.00' },
              { field: 'remarks', from: 'Parents', to: 'Parents and teachers' },
            ],
          },
        ];
      },
    },
  ],
  'DELETE /api/income/:id': [
    {
      name: 'deleting income keeps its old values',
      as: 'superadmin',
      arrange: async () => ({ income: await newIncome() }),
      async act({ income }) {
        await api().delete(`/api/income/${income.id}`).set(signed('superadmin')).expect(204);
        return [
          {
            action: 'delete',
            entityType: 'income',
            entityId: income.id,
            beneficiaryId: null,
            changes: toNothing({
              amount: '3000.00',
              source: 'Harambee',
              date: '2026-10-05',
              remarks: 'Parents',
              createdBy: 'u-admin',
            }),
          },
        ];
      },
    },
  ],
  'POST /api/expenses': [
    {
      name: 'an expense for a child concerns that child',
      as: 'admin',
      async act() {
        const res = await form('post', '/api/expenses', 'admin', expenseFields).expect(201);
        return [
          {
            action: 'create',
            entityType: 'expense',
            entityId: res.body.id,
            beneficiaryId: 'KCF-000007',
            changes: fromNothing({
              amount: '1200.00',
              category: 'health',
              beneficiaryId: 'KCF-000007',
              date: '2026-10-06',
              description: 'Clinic visit',
              createdBy: 'u-admin',
            }),
          },
        ];
      },
    },
    {
      name: 'an expense with a receipt: the expense, and the receipt with its name, type, size and SHA-256',
      as: 'superadmin',
      async act() {
        const res = await form(
          'post',
          '/api/expenses',
          'superadmin',
          { ...expenseFields, beneficiaryId: 'none' },
          { bytes: FILES.pdf, name: 'risiti.pdf' },
        ).expect(201);
        const id = res.body.id as string;
        return [
          {
            action: 'create',
            entityType: 'expense',
            entityId: id,
            beneficiaryId: null,
            changes: fromNothing({
              amount: '1200.00',
              category: 'health',
              date: '2026-10-06',
              description: 'Clinic visit',
              receiptUrl: `/api/expenses/${id}/receipt`,
              createdBy: 'u-super',
            }),
          },
          {
            action: 'create',
            entityType: 'receipt',
            entityId: id,
            beneficiaryId: null,
            changes: fromNothing({ name: 'risiti.pdf', type: 'application/pdf', size: FILES.pdf.length }),
            details: fileFactsOf('risiti.pdf', FILES.pdf, 'application/pdf'),
          },
        ];
      },
    },
  ],
  'PUT /api/expenses/:id': [
    {
      name: 'editing an expense records the changed fields; moved to another child, it names the new one',
      as: 'admin',
      arrange: async () => ({ expense: await newExpense() }),
      async act({ expense }) {
        await form('put', `/api/expenses/${expense.id}`, 'admin', {
          ...expenseFields,
          amount: '1350',
          beneficiaryId: 'KCF-000008',
        }).expect(200);
        return [
          {
            action: 'update',
            entityType: 'expense',
            entityId: expense.id,
            beneficiaryId: 'KCF-000008',
            changes: [
              { field: 'amount', from: '1200.00', to: '1350.00' },
              { field: 'beneficiaryId', from: 'KCF-000007', to: 'KCF-000008' },
            ],
          },
        ];
      },
    },
    {
      name: 'a new receipt replacing the old one, nothing else changed, is the receipt entry alone, old -> new',
      as: 'admin',
      arrange: async () => ({ expense: await newExpense(expenseFields, { bytes: FILES.pdf, name: 'first.pdf' }) }),
      async act({ expense }) {
        await form('put', `/api/expenses/${expense.id}`, 'admin', expenseFields, {
          bytes: FILES.png,
          name: 'second.png',
        }).expect(200);
        return [
          {
            action: 'update',
            entityType: 'receipt',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            changes: [
              { field: 'name', from: 'first.pdf', to: 'second.png' },
              { field: 'type', from: 'application/pdf', to: 'image/png' },
              { field: 'size', from: FILES.pdf.length, to: FILES.png.length },
            ],
            details: fileFactsOf('second.png', FILES.png, 'image/png'),
          },
        ];
      },
    },
    {
      name: 'a first receipt with a changed description: the expense (with its receipt link) and the new receipt',
      as: 'superadmin',
      arrange: async () => ({ expense: await newExpense() }),
      async act({ expense }) {
        await form(
          'put',
          `/api/expenses/${expense.id}`,
          'superadmin',
          { ...expenseFields, description: 'Clinic visit and medicine' },
          { bytes: FILES.jpg, name: 'scan.jpg' },
        ).expect(200);
        return [
          {
            action: 'update',
            entityType: 'expense',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            changes: [
              { field: 'description', from: 'Clinic visit', to: 'Clinic visit and medicine' },
              { field: 'receiptUrl', from: null, to: `/api/expenses/${expense.id}/receipt` },
            ],
          },
          {
            action: 'create',
            entityType: 'receipt',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            changes: fromNothing({ name: 'scan.jpg', type: 'image/jpeg', size: FILES.jpg.length }),
            details: fileFactsOf('scan.jpg', FILES.jpg, 'image/jpeg'),
          },
        ];
      },
    },
  ],
  'DELETE /api/expenses/:id': [
    {
      name: "deleting a child's expense keeps its old values and the child",
      as: 'superadmin',
      arrange: async () => ({ expense: await newExpense() }),
      async act({ expense }) {
        await api().delete(`/api/expenses/${expense.id}`).set(signed('superadmin')).expect(204);
        return [
          {
            action: 'delete',
            entityType: 'expense',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            changes: toNothing({
              amount: '1200.00',
              category: 'health',
              beneficiaryId: 'KCF-000007',
              date: '2026-10-06',
              description: 'Clinic visit',
              createdBy: 'u-admin',
            }),
          },
        ];
      },
    },
    {
      name: 'deleting an expense with a receipt also records the receipt going, with what it was',
      as: 'superadmin',
      arrange: async () => ({ expense: await newExpense(expenseFields, { bytes: FILES.pdf, name: 'gone.pdf' }) }),
      async act({ expense }) {
        await api().delete(`/api/expenses/${expense.id}`).set(signed('superadmin')).expect(204);
        return [
          {
            action: 'delete',
            entityType: 'expense',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            changes: toNothing({
              amount: '1200.00',
              category: 'health',
              beneficiaryId: 'KCF-000007',
              date: '2026-10-06',
              description: 'Clinic visit',
              receiptUrl: `/api/expenses/${expense.id}/receipt`,
              createdBy: 'u-admin',
            }),
          },
          {
            action: 'delete',
            entityType: 'receipt',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            changes: toNothing({ name: 'gone.pdf', type: 'application/pdf', size: FILES.pdf.length }),
          },
        ];
      },
    },
  ],
  'POST /api/budgets': [
    {
      name: 'creating a budget lists its new values, the used amount computed',
      as: 'admin',
      async act() {
        const res = await api()
          .post('/api/budgets')
          .set(signed('admin'))
          .send({
            quarter: 'Term 2',
            year: 2023,
            category: 'special_needs',
            plannedAmount: 20000,
            notes: 'Hearing aids',
          })
          .expect(201);
        return [
          {
            action: 'create',
            entityType: 'budget',
            entityId: res.body.id,
            beneficiaryId: null,
            changes: fromNothing({
              quarter: 'Term 2',
              year: 2023,
              category: 'special_needs',
              plannedAmount: '20000.00',
              usedAmount: '0.00',
              notes: 'Hearing aids',
              createdBy: 'u-admin',
            }),
          },
        ];
      },
    },
  ],
  'PUT /api/budgets/:id': [
    {
      name: 'the budget form: moving a budget to another term records the term, the amounts and the notes, old -> new',
      as: 'admin',
      async arrange() {
        await newExpense({
          amount: '700',
          category: 'admin',
          description: 'Postage',
          date: '2024-06-03',
          beneficiaryId: 'none',
        });
        return {
          budget: await newBudget({
            quarter: 'Term 1',
            year: 2024,
            category: 'admin',
            plannedAmount: 5000,
            notes: 'Stationery',
          }),
        };
      },
      async act({ budget }) {
        await api()
          .put(`/api/budgets/${budget.id}`)
          .set(signed('admin'))
          .send({
            quarter: 'Term 2',
            year: 2024,
            category: 'admin',
            plannedAmount: 6000,
            notes: 'Stationery and postage',
          })
          .expect(200);
        return [
          {
            action: 'update',
            entityType: 'budget',
            entityId: budget.id,
            beneficiaryId: null,
            changes: [
              { field: 'quarter', from: 'Term 1', to: 'Term 2' },
              { field: 'plannedAmount', from: '5000.00', to: '6000.00' },
              { field: 'usedAmount', from: '0.00', to: '700.00' },
              { field: 'notes', from: 'Stationery', to: 'Stationery and postage' },
            ],
          },
        ];
      },
    },
    {
      name: "the details dialog's inline edit: planned amount and notes, old -> new",
      as: 'superadmin',
      arrange: async () => ({
        budget: await newBudget({
          quarter: 'Term 3',
          year: 2024,
          category: 'health',
          plannedAmount: 8000,
          notes: null,
        }),
      }),
      async act({ budget }) {
        await api()
          .put(`/api/budgets/${budget.id}`)
          .set(signed('superadmin'))
          .send({ plannedAmount: 9000.5, notes: 'Malaria season' })
          .expect(200);
        return [
          {
            action: 'update',
            entityType: 'budget',
            entityId: budget.id,
            beneficiaryId: null,
            changes: [
              { field: 'plannedAmount', from: '8000.00', to: '9000.50' },
              { field: 'notes', from: null, to: 'Malaria season' },
            ],
          },
        ];
      },
    },
  ],
  'DELETE /api/budgets/:id': [
    {
      name: 'deleting a budget keeps its old values',
      as: 'superadmin',
      arrange: async () => ({
        budget: await newBudget({
          quarter: 'Term 1',
          year: 2022,
          category: 'other',
          plannedAmount: 1500,
          notes: 'Sports day',
        }),
      }),
      async act({ budget }) {
        await api().delete(`/api/budgets/${budget.id}`).set(signed('superadmin')).expect(204);
        return [
          {
            action: 'delete',
            entityType: 'budget',
            entityId: budget.id,
            beneficiaryId: null,
            changes: toNothing({
              quarter: 'Term 1',
              year: 2022,
              category: 'other',
              plannedAmount: '1500.00',
              usedAmount: '0.00',
              notes: 'Sports day',
              createdBy: 'u-admin',
            }),
          },
        ];
      },
    },
  ],
  'POST /api/budgets/recalculate': [
    {
      name: 'Sync with Expenses: one entry naming every used amount it changed, old -> new',
      as: 'admin',
      async arrange() {
        await newExpense({
          amount: '250',
          category: 'other',
          description: 'Sports kit',
          date: '2025-06-10',
          beneficiaryId: 'none',
        });
        const term2 = await newBudget({
          quarter: 'Term 2',
          year: 2025,
          category: 'other',
          plannedAmount: 1000,
          notes: null,
        });
        const term3 = await newBudget({
          quarter: 'Term 3',
          year: 2025,
          category: 'other',
          plannedAmount: 1000,
          notes: null,
        });
        await usageSettled();
        // Used amounts gone stale (as after a lost event): the sync puts them right.
        await h.sql('UPDATE budgets SET used_amount = 123 WHERE id = $1', [term2.id]);
        await h.sql('UPDATE budgets SET used_amount = 10 WHERE id = $1', [term3.id]);
        return { term2, term3 };
      },
      async act({ term2, term3 }) {
        const res = await api().post('/api/budgets/recalculate').set(signed('admin')).expect(200);
        expect(res.body).toEqual({ message: 'Budget amounts recalculated from actual expenses', updated: 2 });
        return [
          {
            action: 'update',
            entityType: 'budget',
            entityId: null,
            beneficiaryId: null,
            changes: [
              { field: 'Used amount of Other Activities, Term 2 2025', from: '123.00', to: '250.00' },
              { field: 'Used amount of Other Activities, Term 3 2025', from: '10.00', to: '0.00' },
            ],
            details: { recalculated: 'Used amounts from actual expenses', updated: 2, budgetIds: [term2.id, term3.id] },
          },
        ];
      },
    },
  ],
  // Views and exports.
  'GET /api/budgets/download': [
    {
      name: 'a termly report download is an export with its year, term and number of budgets',
      as: 'admin',
      async act() {
        const res = await api()
          .get('/api/budgets/download')
          .query({ type: 'termly', year: '2024', quarter: 'Term 2' })
          .set(signed('admin'))
          .expect(200);
        expect(res.body.budgets).toHaveLength(1);
        return [
          {
            action: 'export',
            entityType: 'budget-report',
            entityId: null,
            beneficiaryId: null,
            details: { type: 'termly', year: 2024, quarter: 'Term 2', rows: 1 },
          },
        ];
      },
    },
    {
      name: 'a yearly report download is an export with its year and number of budgets',
      as: 'superadmin',
      async act() {
        const res = await api()
          .get('/api/budgets/download')
          .query({ type: 'yearly', year: '2024' })
          .set(signed('superadmin'))
          .expect(200);
        expect(res.body.budgets).toHaveLength(2);
        return [
          {
            action: 'export',
            entityType: 'budget-report',
            entityId: null,
            beneficiaryId: null,
            details: { type: 'yearly', year: 2024, quarter: null, rows: 2 },
          },
        ];
      },
    },
    {
      name: 'a refused report (400) records nothing',
      as: 'admin',
      async act() {
        await api()
          .get('/api/budgets/download')
          .query({ type: 'termly', year: '2024' })
          .set(signed('admin'))
          .expect(400);
        return [];
      },
    },
  ],
  'GET /api/reports/monthly': [
    {
      name: 'a Monthly Report is an export of its month, with how many income and expense records it took',
      as: 'admin',
      async act() {
        const res = await api()
          .get('/api/reports/monthly')
          .query({ month: '2026-10' })
          .set(signed('admin'))
          .expect(200);
        expect(res.body.expenses.count).toBeGreaterThan(0);
        return [
          {
            action: 'export',
            entityType: 'monthly-report',
            entityId: '2026-10',
            beneficiaryId: null,
            details: { month: '2026-10', income: res.body.income.count, expenses: res.body.expenses.count },
          },
        ];
      },
    },
    {
      name: 'a refused Monthly Report (a month that has not begun) records nothing',
      as: 'superadmin',
      async act() {
        await api().get('/api/reports/monthly').query({ month: '2026-12' }).set(signed('superadmin')).expect(400);
        return [];
      },
    },
  ],
  'GET /api/income': [
    {
      name: 'a list of income, a whole month included (a flag the lists no longer read changes nothing), is no export',
      as: 'admin',
      async act() {
        await api().get('/api/income').set(signed('admin')).expect(200);
        await api()
          .get('/api/income')
          .query({ from: '2026-10-01', to: '2026-10-31', limit: '500', offset: '0', purpose: 'monthly-report' })
          .set(signed('admin'))
          .expect(200);
        return [];
      },
    },
  ],
  'GET /api/expenses': [
    {
      name: 'a list of expenses, a whole month included, is no export',
      as: 'superadmin',
      async act() {
        await api()
          .get('/api/expenses')
          .query({ from: '2026-10-01', to: '2026-10-31', limit: '500', offset: '0', purpose: 'monthly-report' })
          .set(signed('superadmin'))
          .expect(200);
        return [];
      },
    },
  ],
  'GET /api/expenses/:id': [
    {
      name: "one expense (it names its child and may tell of the child's health) is a view of it, naming the child",
      as: 'admin',
      arrange: async () => ({ expense: await newExpense() }),
      async act({ expense }) {
        await api().get(`/api/expenses/${expense.id}`).set(signed('admin')).expect(200);
        return [{ action: 'view', entityType: 'expense', entityId: expense.id, beneficiaryId: 'KCF-000007' }];
      },
    },
    {
      name: 'an expense of no child is a view of it too',
      as: 'superadmin',
      arrange: async () => ({ expense: await newExpense({ ...expenseFields, beneficiaryId: 'none' }) }),
      async act({ expense }) {
        await api().get(`/api/expenses/${expense.id}`).set(signed('superadmin')).expect(200);
        return [{ action: 'view', entityType: 'expense', entityId: expense.id, beneficiaryId: null }];
      },
    },
    {
      name: 'an expense that does not exist answers 404 and records no view',
      as: 'admin',
      async act() {
        await api().get('/api/expenses/0d7c5f8e-0000-4000-8000-000000000000').set(signed('admin')).expect(404);
        return [];
      },
    },
  ],
  'GET /api/expenses/:id/receipt': [
    {
      name: "downloading a child's receipt is a view of it, naming the child",
      as: 'admin',
      arrange: async () => ({ expense: await newExpense(expenseFields, { bytes: FILES.png, name: 'pharmacy.png' }) }),
      async act({ expense }) {
        await api().get(`/api/expenses/${expense.id}/receipt`).set(signed('admin')).expect(200);
        return [
          {
            action: 'view',
            entityType: 'receipt',
            entityId: expense.id,
            beneficiaryId: 'KCF-000007',
            details: { name: 'pharmacy.png', type: 'image/png', size: FILES.png.length },
          },
        ];
      },
    },
    {
      name: 'an expense without a receipt answers 404 and records no view',
      as: 'admin',
      arrange: async () => ({ expense: await newExpense() }),
      async act({ expense }) {
        await api().get(`/api/expenses/${expense.id}/receipt`).set(signed('admin')).expect(404);
        return [];
      },
    },
  ],
};

const INTERNAL_CALL = "a call between the product's services, not a user's change or view of a child";
const NO_CHILD = "lists no child's data";

/**
 * Registered routes that record nothing, and why: a read of finance's own records (views recorded are those of a
 * child's data and every export), or an internal route. A write route may be exempt only when it is internal.
 */
const EXEMPT: Record<string, string> = {
  'GET /api/income/:id': `one income record: ${NO_CHILD}`,
  'GET /api/transactions': `the Finances page's list of income and expenses, a page at a time: ${NO_CHILD} (the Monthly Report has a route of its own, which records it)`,
  'GET /api/budgets': `the budgets of a term or year: ${NO_CHILD}`,
  'GET /api/budgets/:id': `one budget: ${NO_CHILD}`,
  'GET /internal/stats': `${INTERNAL_CALL} (the dashboard's totals; ${NO_CHILD})`,
  'GET /internal/beneficiaries/:id/expenses': `${INTERNAL_CALL} (a child's expenses for the export of its data, which svc-beneficiaries records: the request, and each download of the ZIP)`,
  'GET /internal/beneficiaries/:id/receipts': `${INTERNAL_CALL} (the receipts of a child's expenses for the export of its data, which svc-beneficiaries records)`,
  'GET /internal/beneficiaries/:id/receipts/:expenseId': `${INTERNAL_CALL} (one receipt's bytes for the export of a child's data, which svc-beneficiaries records)`,
  'GET /internal/audit': `${INTERNAL_CALL} (the gateway reads the trail itself; it records each read and export of the Audit log)`,
  'GET /internal/audit/verify': `${INTERNAL_CALL} (the gateway verifies the chain; nothing changes)`,
  'POST /internal/audit/entries':
    "the gateway's own way of writing an entry into this trail (server-kit's AuditController); it is the record, not a change",
  'GET /health/live': 'health check: no user, no data',
  'GET /health/ready': 'health check: no user, no data',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const registered = () =>
  listRoutes(h.service.app).map((route) => ({
    key: `${route.method} ${route.path}`,
    write: WRITE_METHODS.has(route.method),
  }));

describe('the audit trail of svc-finance', () => {
  it('has an expectation or a stated exemption for every route the running app registered, reads included', () => {
    const missing = registered()
      .filter((route) => !(route.key in EXPECTATIONS) && !(route.key in EXEMPT))
      .map((route) => route.key);
    expect({ routesWithoutAnAuditExpectation: missing }).toEqual({ routesWithoutAnAuditExpectation: [] });
  });

  it('exempts internal write routes only, and names only routes the app has', () => {
    const keys = new Set(registered().map((route) => route.key));
    const writes = new Set(
      registered()
        .filter((route) => route.write)
        .map((route) => route.key),
    );
    expect(Object.keys(EXEMPT).filter((key) => writes.has(key) && !key.split(' ')[1].startsWith('/internal/'))).toEqual(
      [],
    );
    expect([...Object.keys(EXPECTATIONS), ...Object.keys(EXEMPT)].filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((key) => key in EXPECTATIONS)).toEqual([]);
  });

  for (const [route, cases] of Object.entries(EXPECTATIONS)) {
    describe(route, () => {
      for (const c of cases) {
        it(`${c.name} (as ${c.as})`, async () => {
          const arranged = (await c.arrange?.()) ?? {};
          const mark = await watermark();
          const entries = await c.act(arranged);
          const rows = await entriesAfter(mark);
          expect(rows.map(shape)).toEqual(entries.map((entry) => expected(c.as, entry)));
          for (const entry of rows) expect(entry.clientIp).toBeTruthy();
        });
      }
    });
  }
});

/** The net balance as committed. */
async function netBalance(): Promise<string> {
  const [{ net }] = await h.sql<{ net: string }>(
    'SELECT (total_income - total_expenses)::text AS net FROM finance_totals WHERE id = 1',
  );
  return net;
}

/** Runs `refused` and checks that it left no entry at all (the unit rolled back with its entries). */
async function leavesNoEntry(refused: () => Promise<unknown>): Promise<void> {
  const mark = await watermark();
  await refused();
  expect(await entriesAfter(mark)).toEqual([]);
}

describe('a refused write leaves no entry', () => {
  it('400 for a form that does not validate', async () => {
    const budget = await newBudget({
      quarter: 'Term 1',
      year: 2021,
      category: 'health',
      plannedAmount: 100,
      notes: null,
    });
    const expense = await newExpense();
    await leavesNoEntry(async () => {
      await api()
        .post('/api/income')
        .set(signed('admin'))
        .send({ amount: '', source: 'Harambee', date: '2026-10-05' })
        .expect(400);
      await form('post', '/api/expenses', 'admin', { ...expenseFields, category: '' }).expect(400);
      await form('put', `/api/expenses/${expense.id}`, 'admin', { ...expenseFields, amount: 'lots' }).expect(400);
      await api()
        .post('/api/budgets')
        .set(signed('admin'))
        .send({ quarter: 'Term 1', year: 2027, category: 'health', plannedAmount: 100 })
        .expect(400);
      await api()
        .put(`/api/budgets/${budget.id}`)
        .set(signed('admin'))
        .send({ plannedAmount: 'lots', notes: '' })
        .expect(400);
    });
  });

  it('409 for a second budget of a key, 400 for an unknown child, 415 for a receipt that is not one, 404 for no such record', async () => {
    await newBudget({ quarter: 'Term 2', year: 2021, category: 'health', plannedAmount: 100, notes: null });
    const other = await newBudget({
      quarter: 'Term 3',
      year: 2021,
      category: 'health',
      plannedAmount: 100,
      notes: null,
    });
    const unknown = '0d7c5f8e-0000-4000-8000-000000000000';
    await leavesNoEntry(async () => {
      await api()
        .post('/api/budgets')
        .set(signed('admin'))
        .send({ quarter: 'Term 2', year: 2021, category: 'health', plannedAmount: 100 })
        .expect(409);
      await api()
        .put(`/api/budgets/${other.id}`)
        .set(signed('admin'))
        .send({ quarter: 'Term 2', year: 2021, category: 'health', plannedAmount: 100 })
        .expect(409);
      await form('post', '/api/expenses', 'admin', { ...expenseFields, beneficiaryId: 'KCF-000999' }).expect(400);
      await form('post', '/api/expenses', 'admin', expenseFields, { bytes: FILES.text, name: 'receipt.pdf' }).expect(
        415,
      );
      await api()
        .put(`/api/income/${unknown}`)
        .set(signed('admin'))
        .send({ amount: '10', source: 'Harambee', date: '2026-10-05' })
        .expect(404);
      await api().delete(`/api/budgets/${unknown}`).set(signed('superadmin')).expect(404);
    });
  });

  // Last: it spends the whole balance.
  it('400 from the balance guard: an expense above the balance, an income lowered or deleted below what is spent', async () => {
    const income = await newIncome({ amount: '5000', source: 'Harambee', date: '2026-10-07' });
    // Everything left is spent: the income can now be neither lowered nor deleted, and nothing more spent.
    const spent = await newExpense({ ...expenseFields, amount: await netBalance(), beneficiaryId: 'none' });
    expect(await netBalance()).toBe('0.00');
    const rows = await h.sql('SELECT id FROM expenses');
    await leavesNoEntry(async () => {
      const more = await form('post', '/api/expenses', 'admin', { ...expenseFields, amount: '1' }).expect(400);
      expect(more.body.errors).toEqual([{ path: 'amount', message: more.body.message }]);
      const grown = await form('put', `/api/expenses/${spent.id}`, 'admin', {
        ...expenseFields,
        amount: String(Number(spent.amount) + 1),
        beneficiaryId: 'none',
      }).expect(400);
      expect(grown.body.message).toMatch(/^Cannot update expense/);
      const lowered = await api()
        .put(`/api/income/${income.id}`)
        .set(signed('admin'))
        .send({ amount: '4000', source: 'Harambee', date: '2026-10-07' })
        .expect(400);
      expect(lowered.body.message).toMatch(/^Cannot update income/);
      const deleted = await api().delete(`/api/income/${income.id}`).set(signed('superadmin')).expect(400);
      expect(deleted.body.message).toMatch(/^Cannot delete income/);
    });
    expect(await h.sql('SELECT id FROM expenses')).toEqual(rows);
    expect(await netBalance()).toBe('0.00');
  });
});
