jest.setTimeout(60_000);

import { Client, type Pool } from 'pg';
import { createTestDatabase, rowVersionsHolding, type TestDatabase } from '@kcf/testing';
import { createServicePool } from '../src/database/service-pool';
import { ErasureVacuum } from '../src/erasure';
import { Database, UnitOfWork } from '../src/unit-of-work';

/**
 * After an erasure's unit commits, ErasureVacuum VACUUMs the tables it changed, so the rows it deleted or
 * updated leave no version in the pages; a version that a transaction open at that moment could still see is
 * removed by a later VACUUM, once that transaction has ended.
 */
let db: TestDatabase;
let pool: Pool;
let uow: UnitOfWork;
let database: Database;
let vacuum: ErasureVacuum;

beforeAll(async () => {
  db = await createTestDatabase('kcf_erasure_vacuum');
  pool = createServicePool(db.url);
  await pool.query('CREATE TABLE notes (id int PRIMARY KEY, text text NOT NULL)');
  uow = new UnitOfWork(pool);
  database = new Database(uow);
  vacuum = new ErasureVacuum(database);
});

afterAll(async () => {
  vacuum?.onApplicationShutdown();
  await pool?.end();
  await db?.drop();
});

it('removes the versions an erasure left once it commits, and again after a transaction that could see them ends', async () => {
  await pool.query(`INSERT INTO notes (id, text) VALUES (1, 'Fees for Imani Chebet'), (2, 'Imani Chebet, again')`);

  await uow.execute(async () => {
    await database.write.exec(`UPDATE notes SET text = 'Fees for erased' WHERE id = 1`);
    vacuum.afterCommit(['notes']);
  });
  expect(await rowVersionsHolding(db.url, { texts: ['Fees for Imani Chebet'] }, { waitMs: 10_000 })).toEqual([]);

  // A reader holds a snapshot from before the next erasure: VACUUM cannot remove what it may still see.
  const reader = new Client({ connectionString: db.url });
  await reader.connect();
  try {
    await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await reader.query('SELECT count(*) FROM notes');
    await uow.execute(async () => {
      await database.write.exec(`DELETE FROM notes WHERE id = 2`);
      vacuum.afterCommit(['notes']);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await rowVersionsHolding(db.url, { texts: ['Imani Chebet, again'] })).toHaveLength(1);
    await reader.query('COMMIT');
  } finally {
    await reader.end();
  }
  expect(await rowVersionsHolding(db.url, { texts: ['Imani Chebet, again'] }, { waitMs: 10_000 })).toEqual([]);
});

it('refuses a table name it would not write itself', async () => {
  await expect(vacuum.vacuum(['notes; DROP TABLE notes'])).rejects.toThrow('Not a table name: notes; DROP TABLE notes');
  expect(() => vacuum.afterCommit(['Notes'])).toThrow('Not a table name: Notes');
});
