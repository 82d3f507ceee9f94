import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The gateway talks to no database, bus of events or object store of its own: neither its production
 * dependencies nor the modules it loads hold a PostgreSQL client, TypeORM or the S3 client. It takes from
 * server-kit only the topics that load none of them (`@kcf/server-kit/http`, `/sessions`, `/files`).
 */
const FORBIDDEN = ['typeorm', 'pg', 'minio', '@nestjs/typeorm'];

const mockLoaded: string[] = [];
jest.mock('pg', () => {
  mockLoaded.push('pg');
  return jest.requireActual('pg');
});
jest.mock('typeorm', () => {
  mockLoaded.push('typeorm');
  return jest.requireActual('typeorm');
});
jest.mock('minio', () => {
  mockLoaded.push('minio');
  return jest.requireActual('minio');
});

interface NpmTree {
  dependencies?: Record<string, NpmTree>;
}

/** Every package name in the tree `npm ls --json` prints. */
function packagesIn(tree: NpmTree, into = new Set<string>()): Set<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    into.add(name);
    packagesIn(child, into);
  }
  return into;
}

describe("the gateway's dependencies", () => {
  it('load no database, TypeORM or S3 client when the gateway starts', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads the gateway afresh in the isolated registry
      require('./index');
    });
    expect(mockLoaded).toEqual([]);
  });

  it('hold no database, TypeORM or S3 client in production (npm ls --omit=dev --workspace gateway)', () => {
    // What the gateway's image installs (`npm ci --omit=dev --workspace=gateway`), read from the lock; npm's exit
    // code also reports the state of this checkout's node_modules, which is not the question here.
    const root = join(__dirname, '..', '..');
    const ls = spawnSync(
      'npm',
      ['ls', '--package-lock-only', '--omit=dev', '--workspace', 'gateway', '--all', '--json'],
      { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const names = packagesIn(JSON.parse(ls.stdout) as NpmTree);
    expect(names.has('@kcf/server-kit')).toBe(true);
    expect(FORBIDDEN.filter((name) => names.has(name))).toEqual([]);
  }, 60_000);
});
