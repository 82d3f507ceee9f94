import request from 'supertest';
import { startFinance, type FinanceHarness } from './finance-harness';

/**
 * A child whose registration consent is withdrawn can only be exported or erased: an expense that names it
 * (created, or edited and still or newly naming it) is refused with 409 naming the purpose, and nothing is
 * saved. svc-beneficiaries says so in its answer about the child (INTERNAL.beneficiaryExists); the stand-in
 * answers as it does.
 */

let h: FinanceHarness;
const OPEN = 'KCF-000021';
const CLOSED = 'KCF-000022';
const MESSAGE = 'Registration consent has been withdrawn for this child: an expense can no longer name it';

beforeAll(async () => {
  h = await startFinance();
  h.others.beneficiaries.add(OPEN);
  h.others.beneficiaries.add(CLOSED);
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
const expense = { amount: '450', category: 'school_fees', description: 'Term 3 fees', date: '2026-09-15' };

async function stored(id: string) {
  const [row] = await h.sql<{ amount: string; beneficiary_id: string | null }>(
    `SELECT amount::text, beneficiary_id FROM expenses WHERE id = $1`,
    [id],
  );
  return row;
}

describe('an expense naming a child whose registration consent is withdrawn', () => {
  beforeEach(() => h.others.registrationWithdrawn.clear());

  it('is refused when created (409), and nothing is saved', async () => {
    h.others.registrationWithdrawn.add(CLOSED);
    const count = async () => (await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM expenses'))[0].n;
    const before = await count();
    const res = await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ ...expense, beneficiaryId: CLOSED })
      .expect(409);
    expect(res.body.message).toBe(MESSAGE);
    // A receipt with it changes nothing: still refused, nothing stored.
    const multipart = api().post('/api/expenses').set(h.as('admin'));
    for (const [k, v] of Object.entries({ ...expense, beneficiaryId: CLOSED })) multipart.field(k, v);
    await multipart.attach('receipt', Buffer.from('%PDF-1.4\n%%EOF\n'), 'r.pdf').expect(409);
    expect(await count()).toBe(before);
    // Another child, or none, still may be named.
    await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ ...expense, beneficiaryId: OPEN })
      .expect(201);
    await api().post('/api/expenses').set(h.as('admin')).send(expense).expect(201);
  });

  it('is refused when edited, whether it already named the child or is moved to it; dropping the child is allowed', async () => {
    const named = (
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .send({ ...expense, beneficiaryId: CLOSED })
        .expect(201)
    ).body;
    const other = (
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .send({ ...expense, beneficiaryId: OPEN })
        .expect(201)
    ).body;
    const third = (
      await api()
        .post('/api/expenses')
        .set(h.as('admin'))
        .send({ ...expense, beneficiaryId: CLOSED })
        .expect(201)
    ).body;
    h.others.registrationWithdrawn.add(CLOSED);

    const edit = await api()
      .put(`/api/expenses/${named.id}`)
      .set(h.as('admin'))
      .send({ ...expense, amount: '500', beneficiaryId: CLOSED })
      .expect(409);
    expect(edit.body.message).toBe(MESSAGE);
    expect(await stored(named.id)).toEqual({ amount: '450.00', beneficiary_id: CLOSED });
    const moved = await api()
      .put(`/api/expenses/${other.id}`)
      .set(h.as('admin'))
      .send({ ...expense, beneficiaryId: CLOSED })
      .expect(409);
    expect(moved.body.message).toBe(MESSAGE);
    expect(await stored(other.id)).toEqual({ amount: '450.00', beneficiary_id: OPEN });

    // An edit that no longer names the child concerns it no more.
    await api()
      .put(`/api/expenses/${named.id}`)
      .set(h.as('admin'))
      .send({ ...expense, beneficiaryId: 'none' })
      .expect(200);
    expect(await stored(named.id)).toEqual({ amount: '450.00', beneficiary_id: null });
    // Deleting an expense is not refused: the money it records is the foundation's (erasure keeps expenses too).
    await api().delete(`/api/expenses/${third.id}`).set(h.as('superadmin')).expect(204);
  });

  it('is taken again once registration consent is given again', async () => {
    h.others.registrationWithdrawn.add(CLOSED);
    await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ ...expense, beneficiaryId: CLOSED })
      .expect(409);
    h.others.registrationWithdrawn.delete(CLOSED);
    await api()
      .post('/api/expenses')
      .set(h.as('admin'))
      .send({ ...expense, beneficiaryId: CLOSED })
      .expect(201);
  });
});
