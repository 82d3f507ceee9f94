import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The one write path, checked in the services' source: SQL lives only in repositories (`*.repository.ts`),
 * which reach the database only through server-kit's `Database` (reads on `read`, every change on `write`,
 * which exists only inside a unit of work and refuses to run otherwise), never on a pg client or pool of their own,
 * nor on what Database keeps for server-kit's own bookkeeping (`ownTransaction`, `outsideUnit`); TypeORM is only
 * the runner of migrations. Time is read through the Clock port, never from `new Date()` or `Date.now()`.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const SERVICES = ['svc-identity', 'svc-beneficiaries', 'svc-finance'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const files = SERVICES.flatMap((service) => sourceFiles(join(ROOT, service, 'src'))).map((path) => ({
  name: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));
const isMigration = (name: string) => /\/src\/migrations\//.test(name);
const isRepository = (name: string) => name.endsWith('.repository.ts');
/** Whether a file imports `Database` from server-kit (its root or a topic, `@kcf/server-kit/database`). */
const importsDatabase = (text: string) =>
  [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@kcf\/server-kit(?:\/[\w-]+)?'/g)].some((m) =>
    /\bDatabase\b/.test(m[1]),
  );

describe('the write path of the services', () => {
  it('finds the services', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it('uses TypeORM only in migrations', () => {
    const offenders = files
      .filter((f) => !isMigration(f.name) && /from '(typeorm|@nestjs\/typeorm)'/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('never reaches PostgreSQL past Database (no import of pg)', () => {
    const offenders = files.filter((f) => /from\s+'pg'|require\('pg'\)|import\('pg'\)/.test(f.text)).map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('runs SQL only in repositories, through Database', () => {
    const offenders = files
      .filter((f) => !isMigration(f.name) && !isRepository(f.name))
      .filter((f) => importsDatabase(f.text) || /\.query\(|queryPrepared\(|\bsql\.(rows|one|exec)\(/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it("leaves server-kit's own connections to server-kit (no pool, no transaction or statement apart from the unit of work)", () => {
    const offenders = files
      .filter((f) => /\b(SERVICE_POOL|createServicePool)\b|\.ownTransaction\(|\.outsideUnit\b/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('reads the time through the Clock port', () => {
    const offenders = files
      .filter((f) => !isMigration(f.name) && /new Date\(\)|Date\.now\(\)/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });
});
