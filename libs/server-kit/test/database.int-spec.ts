jest.setTimeout(60_000);

import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import type { Pool } from 'pg';
import { createServicePool } from '../src/database/service-pool';
import { WriteOutsideUnitOfWorkError } from '../src/database/sql';
import { Database, UnitOfWork } from '../src/unit-of-work';

/**
 * The one write path on a real database: `db.read` refuses a statement that changes data, inside a unit
 * of work or not, and `db.write` runs only inside a unit of work, whose transaction holds every change.
 */
let db: TestDatabase;
let pool: Pool;
let uow: UnitOfWork;
let database: Database;

beforeAll(async () => {
  db = await createTestDatabase('kcf_database');
  pool = createServicePool(db.url);
  await pool.query('CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)');
  await pool.query(`INSERT INTO things (id, name) VALUES (1, 'kept')`);
  uow = new UnitOfWork(pool);
  database = new Database(uow);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const names = async () =>
  (await pool.query<{ id: number; name: string }>('SELECT id, name FROM things ORDER BY id')).rows;

describe('Database', () => {
  it.each([
    ['an INSERT', `INSERT INTO things (id, name) VALUES (2, 'read')`],
    ['an UPDATE', `UPDATE things SET name = 'changed' WHERE id = 1`],
    ['a DELETE', 'DELETE FROM things WHERE id = 1'],
    ['a DELETE inside a WITH', 'WITH gone AS (DELETE FROM things WHERE id = 1 RETURNING id) SELECT id FROM gone'],
  ])('refuses %s on read, outside and inside a unit of work, and changes nothing', async (_what, statement) => {
    await expect(database.read.exec(statement)).rejects.toBeInstanceOf(WriteOutsideUnitOfWorkError);
    await expect(uow.transaction(() => database.read.exec(statement))).rejects.toBeInstanceOf(
      WriteOutsideUnitOfWorkError,
    );
    expect(await names()).toEqual([{ id: 1, name: 'kept' }]);
  });

  it('refuses write outside a unit of work, and sends nothing', async () => {
    await expect(database.write.exec(`INSERT INTO things (id, name) VALUES (3, 'loose')`)).rejects.toBeInstanceOf(
      WriteOutsideUnitOfWorkError,
    );
    await expect(database.write.rows('SELECT id FROM things WHERE id = 1 FOR UPDATE')).rejects.toBeInstanceOf(
      WriteOutsideUnitOfWorkError,
    );
    expect(await names()).toEqual([{ id: 1, name: 'kept' }]);
  });

  it('writes inside a unit of work, read back by the same unit before it commits, and all or nothing', async () => {
    const seen = await uow.transaction(async () => {
      await database.write.exec(`INSERT INTO things (id, name) VALUES ($1, $2)`, [4, 'saved']);
      return database.read.one<{ name: string }>('SELECT name FROM things WHERE id = $1', [4]);
    });
    expect(seen).toEqual({ name: 'saved' });
    await expect(
      uow.transaction(async () => {
        await database.write.exec(`INSERT INTO things (id, name) VALUES ($1, $2)`, [5, 'rolled back']);
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    expect(await names()).toEqual([
      { id: 1, name: 'kept' },
      { id: 4, name: 'saved' },
    ]);
  });

  it('fails a snapshot whose connection the server ends between its statements, never the process, and drops that connection', async () => {
    let pid = 0;
    const ended = database.snapshot(async (sql) => {
      pid = (await sql.one<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!.pid;
      // The server ends the connection (as a stopping server does) while no statement of it runs.
      await pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return sql.one('SELECT 1 AS one');
    });
    await expect(ended).rejects.toThrow();
    const next = await pool.connect();
    try {
      expect((await next.query('SELECT pg_backend_pid() AS pid')).rows[0].pid).not.toBe(pid);
    } finally {
      next.release();
    }
    expect(await database.read.one('SELECT name FROM things WHERE id = 1')).toEqual({ name: 'kept' });
  });
});
