import request from 'supertest';
import { as, asBeneficiary, childForm, startBeneficiaries, USERS, type Harness } from './harness';

/**
 * The retention review (RETENTION_INACTIVE_YEARS, default 5): inactive children whose last change (to the
 * child or any of its records) is older than the setting, oldest first; a Keep takes a child off the list for
 * a year, then it is listed again with its last Keep.
 */
jest.setTimeout(60_000);

let h: Harness;
const NOW = new Date('2026-03-02T08:00:00Z');
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(() => h.clock.set(NOW));

const api = () => request(h.url);
const REVIEW = '/api/data-requests/retention-review';
const keepPath = (id: string) => `${REVIEW}/${id}/keep`;

/** A child made at `at`, left inactive (`isActive: false`) unless told. */
async function childAt(at: string, fullName: string, isActive = 'false'): Promise<string> {
  h.clock.set(new Date(at));
  const made = await api()
    .post('/api/beneficiaries')
    .set(as('admin'))
    .send(childForm({ fullName, isActive }))
    .expect(201);
  h.clock.set(NOW);
  return made.body.id;
}

const review = async () =>
  (await api().get(REVIEW).set(as('superadmin')).expect(200)).body as {
    beneficiaryId: string;
    fullName: string;
    inactiveSince: string;
    kept: unknown;
  }[];

let oldest: string;
let older: string;
let recentRecord: string;
let active: string;
let recent: string;

beforeAll(async () => {
  older = await childAt('2020-05-10T09:00:00Z', 'Older Inactive');
  oldest = await childAt('2019-01-15T09:00:00Z', 'Oldest Inactive');
  // Inactive since 2019, but a school fee was recorded in 2024: its last change is the fee.
  recentRecord = await childAt('2019-02-01T09:00:00Z', 'Recent Record');
  h.clock.set(new Date('2024-06-01T09:00:00Z'));
  await api()
    .post(`/api/beneficiaries/${recentRecord}/school-fees`)
    .set(as('admin'))
    .send({ year: 2024, term: 'Term 2', amount: '4500' })
    .expect(201);
  h.clock.set(NOW);
  active = await childAt('2018-01-01T09:00:00Z', 'Active Child', 'true');
  // Inactive for a day less than five years.
  recent = await childAt('2021-03-03T09:00:00Z', 'Almost Five Years');
});

describe('the list', () => {
  it('holds inactive children whose last change is older than the setting, oldest first', async () => {
    expect(await review()).toEqual([
      { beneficiaryId: oldest, fullName: 'Oldest Inactive', inactiveSince: '2019-01-15T09:00:00.000Z', kept: null },
      { beneficiaryId: older, fullName: 'Older Inactive', inactiveSince: '2020-05-10T09:00:00.000Z', kept: null },
    ]);
    const listed = (await review()).map((c) => c.beneficiaryId);
    for (const id of [recentRecord, active, recent]) expect(listed).not.toContain(id);
  });

  it('lists a child once its last change is old enough', async () => {
    h.clock.set(new Date('2026-03-04T08:00:00Z'));
    expect((await review()).map((c) => c.beneficiaryId)).toEqual([oldest, older, recent]);
  });

  it('is for the superadmin only', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      await api().get(REVIEW).set(as(role)).expect(403);
      await api().post(keepPath(oldest)).set(as(role)).send({ reason: 'Still in touch' }).expect(403);
    }
    await api().get(REVIEW).set(asBeneficiary(oldest)).expect(403);
    await api().post(keepPath(oldest)).set(asBeneficiary(oldest)).send({ reason: 'Still in touch' }).expect(403);
    await api().get(REVIEW).expect(401);
  });
});

describe('a Keep', () => {
  it('refuses a missing reason, an unknown or malformed child and an active child, and stores nothing', async () => {
    const noReason = await api().post(keepPath(oldest)).set(as('superadmin')).send({ reason: '  ' }).expect(400);
    expect(noReason.body.message).toBe('Reason is required');
    expect((await api().post(keepPath(oldest)).set(as('superadmin')).send({}).expect(400)).body.message).toBe(
      'Reason is required',
    );
    expect(
      (await api().post(keepPath('KCF-999999')).set(as('superadmin')).send({ reason: 'x' }).expect(404)).body.message,
    ).toBe('Beneficiary not found');
    await api().post(keepPath('not-a-child')).set(as('superadmin')).send({ reason: 'x' }).expect(404);
    const activeKeep = await api().post(keepPath(active)).set(as('superadmin')).send({ reason: 'x' }).expect(409);
    expect(activeKeep.body.message).toBe('Only an inactive child can be kept: this child is active');
    expect(await h.sql('SELECT beneficiary_id FROM retention_keeps')).toEqual([]);
  });

  it('takes the child off the list for a year, then it is listed again with its last Keep', async () => {
    const kept = await api()
      .post(keepPath(oldest))
      .set(as('superadmin'))
      .send({ reason: 'Sibling still supported' })
      .expect(200);
    expect(kept.body).toEqual({
      beneficiaryId: oldest,
      fullName: 'Oldest Inactive',
      inactiveSince: '2019-01-15T09:00:00.000Z',
      kept: { reason: 'Sibling still supported', by: USERS.superadmin.name, at: NOW.toISOString() },
    });
    expect((await review()).map((c) => c.beneficiaryId)).toEqual([older]);
    // The Keep is no change to the child: its last change stays.
    h.clock.set(new Date('2027-03-01T08:00:00Z'));
    expect((await review()).map((c) => c.beneficiaryId)).not.toContain(oldest);
    h.clock.set(new Date('2027-03-03T08:00:00Z'));
    const again = await review();
    expect(again[0]).toEqual({
      beneficiaryId: oldest,
      fullName: 'Oldest Inactive',
      inactiveSince: '2019-01-15T09:00:00.000Z',
      kept: { reason: 'Sibling still supported', by: USERS.superadmin.name, at: NOW.toISOString() },
    });
  });

  it('renewed, replaces the last Keep', async () => {
    h.clock.set(new Date('2027-03-03T08:00:00Z'));
    await api()
      .post(keepPath(oldest))
      .set(as('superadmin'))
      .send({ reason: 'Guardian asked to keep the file' })
      .expect(200);
    expect(await h.sql('SELECT reason, kept_at FROM retention_keeps WHERE beneficiary_id = $1', [oldest])).toEqual([
      { reason: 'Guardian asked to keep the file', kept_at: new Date('2027-03-03T08:00:00Z') },
    ]);
  });

  it('is refused while registration consent is withdrawn (the child can only be exported or erased)', async () => {
    await api()
      .put(`/api/beneficiaries/${older}/consents/registration`)
      .set(as('admin'))
      .send({
        state: 'withdrawn',
        givenBy: 'Mary Wanjala',
        relationship: 'Mother',
        method: 'signed_form',
        date: '2026-03-01',
      })
      .expect(200);
    const refused = await api().post(keepPath(older)).set(as('superadmin')).send({ reason: 'x' }).expect(409);
    expect(refused.body.message).toMatch(/^Registration consent has been withdrawn/);
    expect(await h.sql('SELECT beneficiary_id FROM retention_keeps WHERE beneficiary_id = $1', [older])).toEqual([]);
  });

  it('goes with the child', async () => {
    await api().delete(`/api/beneficiaries/${oldest}`).set(as('superadmin')).expect(200);
    expect(await h.sql('SELECT beneficiary_id FROM retention_keeps')).toEqual([]);
  });
});
