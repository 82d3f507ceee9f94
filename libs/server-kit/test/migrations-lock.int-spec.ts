import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@kcf/testing';
import { runMigrationsAlone } from '../src/database/run-migrations';

/** A migration that takes a moment, as a real first migration does on a busy server. */
class CreateLedger1700000000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE IF NOT EXISTS ledger (id serial PRIMARY KEY, amount numeric NOT NULL)');
    await q.query('SELECT pg_sleep(0.2)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE ledger');
  }
}

class IndexLedger1700000000001 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX ledger_amount_idx ON ledger (amount)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ledger_amount_idx');
  }
}

let db: TestDatabase;
const sources: DataSource[] = [];

beforeAll(async () => {
  db = await createTestDatabase('migrations_lock');
});

afterAll(async () => {
  for (const source of sources) if (source.isInitialized) await source.destroy();
  await db?.drop();
});

/** Four replicas of a service starting at the same moment on an empty database. */
async function replicas(): Promise<DataSource[]> {
  const started = await Promise.all(
    Array.from({ length: 4 }, () =>
      new DataSource({
        type: 'postgres',
        url: db.url,
        migrations: [CreateLedger1700000000000, IndexLedger1700000000001],
        extra: { max: 2 },
      }).initialize(),
    ),
  );
  sources.push(...started);
  return started;
}

it('runs each migration once when four replicas start together, and every replica starts', async () => {
  const started = await replicas();
  const outcomes = await Promise.allSettled(started.map((source) => runMigrationsAlone(source)));
  expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
  const recorded = await started[0].query(
    'SELECT name, count(*)::int AS n FROM migrations GROUP BY name ORDER BY name',
  );
  expect(recorded).toEqual([
    { name: 'CreateLedger1700000000000', n: 1 },
    { name: 'IndexLedger1700000000001', n: 1 },
  ]);
  // The lock is released: a later start takes it at once and finds nothing to do.
  await expect(runMigrationsAlone(started[1])).resolves.toBeUndefined();
});
