import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsIn } from './migrations-in';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('migrationsIn', () => {
  it("finds every migration file's class, oldest first, and nothing else", () => {
    const dir = folder({
      '1700000000002-second.js': 'exports.Second1700000000002 = class Second1700000000002 {};',
      '1700000000001-first.js': 'exports.First1700000000001 = class First1700000000001 {};',
      'index.js': 'exports.NotAMigration = class {};',
      '1700000000003-third.d.ts': '',
      'README.md': '',
    });
    expect(migrationsIn(dir).map((m) => m.name)).toEqual(['First1700000000001', 'Second1700000000002']);
  });

  it('refuses a migration file without its class', () => {
    const dir = folder({ '1700000000001-first.js': 'exports.Other = class Other {};' });
    expect(() => migrationsIn(dir)).toThrow(
      '1700000000001-first.js exports no migration class whose name ends with 1700000000001',
    );
  });

  it("lists each service's migrations as the files in its folder", () => {
    for (const service of ['svc-identity', 'svc-beneficiaries', 'svc-finance']) {
      const found = migrationsIn(join(__dirname, '../../../../', service, 'src/migrations'));
      expect(found.length).toBeGreaterThan(2);
      const stamps = found.map((m) => m.name.slice(-13));
      expect(stamps).toEqual([...stamps].sort());
    }
  });
});
