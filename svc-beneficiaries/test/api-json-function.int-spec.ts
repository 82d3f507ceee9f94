import request from 'supertest';
import { DataSource } from 'typeorm';
import { apiJsonFunction } from '../src/beneficiaries/beneficiary-json';
import { BENEFICIARIES_MIGRATIONS } from '../src/migrations';
import { PhotosNeedConsent1798510000000 } from '../src/migrations/1798510000000-photos-need-consent';
import { BeneficiaryApiJsonFunction9999999999999 } from '../src/migrations/9999999999999-beneficiary-api-json-function';
import { as, childForm, startBeneficiaries, type Harness } from './harness';

/**
 * The function that keeps each child's stored API object (`api_json`) is made from the column map and installed by
 * a migration named after its digest: it runs after every other migration, again whenever the map changes, and
 * not again while it does not.
 */
let h: Harness;
beforeAll(async () => {
  h = await startBeneficiaries();
});
afterAll(async () => {
  await h?.stop();
});

const derived = new BeneficiaryApiJsonFunction9999999999999();
/** The keys of a child's stored object, in order. */
const storedKeys = async (id: string) => {
  const [row] = await h.sql<{ api_json: string }>(`SELECT api_json FROM beneficiaries WHERE id = $1`, [id]);
  return Object.keys(JSON.parse(row.api_json));
};
/** Runs the service's pending migrations as a start does; the names it ran. */
async function migrate(): Promise<string[]> {
  const dataSource = await new DataSource({
    type: 'postgres',
    url: h.db.url,
    migrations: BENEFICIARIES_MIGRATIONS,
  }).initialize();
  try {
    return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

it('installs the map’s function, recorded under its digest, after every other migration', async () => {
  const [fn] = await h.sql<{ body: string }>(
    `SELECT prosrc AS body FROM pg_proc WHERE proname = 'beneficiaries_api_json'`,
  );
  expect(apiJsonFunction()).toContain(fn.body);
  const recorded = await h.sql<{ name: string }>(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
  expect(recorded).toEqual([{ name: derived.name }]);
  expect(derived.name).toMatch(/^BeneficiaryApiJsonFunction[0-9a-f]{16}9999999999999$/);
  expect(await migrate()).toEqual([]);
});

it('writes every child again through the new function when the map has changed, and only then', async () => {
  const created = await request(h.url).post('/api/beneficiaries').set(as('admin')).send(childForm()).expect(201);
  const own = await request(h.url).get(`/api/beneficiaries/${created.body.id}`).set(as('viewer')).expect(200);
  const keys = Object.keys(own.body).filter((key) => key !== 'age');
  expect(await storedKeys(created.body.id)).toEqual(keys);

  // A database whose function an earlier migration wrote out by hand, and whose rows it wrote.
  await new PhotosNeedConsent1798510000000().up({ query: (sql: string) => h.sql(sql) } as never);
  await h.sql(`UPDATE beneficiaries SET api_json = ''`);
  expect(await storedKeys(created.body.id)).not.toEqual(keys);
  // A version with another map: a migration of a name the database has not recorded.
  await h.sql(`DELETE FROM migrations WHERE name = $1`, [derived.name]);

  expect(await migrate()).toEqual([derived.name]);
  expect(await storedKeys(created.body.id)).toEqual(keys);
  expect(await migrate()).toEqual([]);
});
