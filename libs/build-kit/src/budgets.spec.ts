import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkBudgets, main } = require('./budgets.js');

type Files = Record<string, Record<string, string[]>>;

/** Random bytes do not compress: `kib` KiB on disk is about `kib` KiB gzipped. */
const incompressible = (kib: number): Buffer => randomBytes(kib * 1024);
const small = 'export const page = () => null;\n';

function writeDist(dir: string, stats: object, contents: Record<string, string | Buffer>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'stats.json'), JSON.stringify(stats));
  for (const [file, text] of Object.entries(contents)) writeFileSync(join(dir, file), text);
}

function hostStats(files: Files, startupFiles: string[]) {
  return {
    app: 'shell',
    kind: 'host',
    provides: ['react', 'react-dom', 'react-dom/client', 'react-router-dom', '@tanstack/react-query', 'zod'],
    providers: { react: ['react.js'], 'react-dom/client': ['react-dom.js'], zod: ['zod.js'] },
    startup: { files: startupFiles, shared: { react: ['react.js'], 'react-dom/client': ['react-dom.js'] } },
    files,
  };
}

const hostFiles: Files = {
  'main.js': { packages: {} },
  'react.js': { packages: { react: ['index.js'] } },
  'react-dom.js': { packages: { 'react-dom': ['client.js'] } },
  'react-router.js': { packages: { 'react-router': ['dist/index.mjs'] } },
  'react-query.js': { packages: { '@tanstack/react-query': ['build/index.js'] } },
  'zod.js': { packages: { zod: ['v4/classic/schemas.js'] } },
};

function remoteStats(files: Files, exposeFiles: string[], shared: Record<string, string[]> = {}) {
  return {
    app: 'mf_finance',
    kind: 'remote',
    provides: [],
    remoteEntry: 'remoteEntry.js',
    exposes: { './BudgetPage': { files: exposeFiles, shared } },
    files,
  };
}

describe('checkBudgets', () => {
  let root: string;
  let host: string;
  let remote: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kcf-budgets-'));
    host = join(root, 'shell');
    remote = join(root, 'mf-finance');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function writeSmallHost(extra: Record<string, Buffer> = {}, startup = ['main.js']) {
    const contents: Record<string, string | Buffer> = {
      'main.js': small,
      'react.js': small,
      'react-dom.js': small,
      'react-router.js': small,
      'react-query.js': small,
      'zod.js': small,
      ...extra,
    };
    const files = { ...hostFiles };
    for (const name of Object.keys(extra)) files[name] = { packages: {} };
    writeDist(host, hostStats(files, startup), contents);
  }

  function writeSmallRemote() {
    writeDist(
      remote,
      remoteStats({ 'remoteEntry.js': { packages: {} }, 'budget.js': { packages: {} } }, ['budget.js']),
      { 'remoteEntry.js': small, 'budget.js': small },
    );
  }

  it('passes a small build with one copy of each shared library', () => {
    writeSmallHost();
    writeSmallRemote();
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.failures).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.rows.map((r: { label: string }) => r.label)).toEqual([
      'dashboard JS',
      'remote entry',
      'first visit ./BudgetPage',
    ]);
  });

  it('fails an oversized dashboard and names the file and its size', () => {
    writeSmallHost({ 'vendor.big.js': incompressible(160) }, ['main.js', 'vendor.big.js']);
    writeSmallRemote();
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.ok).toBe(false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(
      /^shell dashboard JS: 16\d\.\d KiB gz > 150 KiB \(largest: vendor\.big\.js 16\d\.\d KiB/,
    );
  });

  it('counts the shared libraries the dashboard must load', () => {
    writeDist(host, hostStats(hostFiles, ['main.js']), {
      'main.js': small,
      'react.js': small,
      'react-dom.js': incompressible(151),
      'react-router.js': small,
      'react-query.js': small,
      'zod.js': small,
    });
    writeSmallRemote();
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.failures[0]).toContain('largest: react-dom.js 151.');
  });

  it('fails a remote entry over 25 KiB and a first visit over 45 KiB (entry, page and its own libraries)', () => {
    writeSmallHost();
    writeDist(
      remote,
      remoteStats(
        { 'remoteEntry.js': { packages: {} }, 'budget.js': { packages: {} }, 'pdf.js': { packages: {} } },
        ['budget.js'],
        // A library the dashboard already loaded is not counted; one only this page needs is.
        { jspdf: ['pdf.js'], react: ['react.js'] },
      ),
      { 'remoteEntry.js': incompressible(26), 'budget.js': incompressible(10), 'pdf.js': incompressible(10) },
    );
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.ok).toBe(false);
    expect(result.failures).toHaveLength(2);
    expect(result.failures[0]).toMatch(/^mf_finance remote entry: 26\.\d KiB gz > 25 KiB \(largest: remoteEntry\.js/);
    expect(result.failures[1]).toMatch(
      /^mf_finance first visit \.\/BudgetPage: 46\.\d KiB gz > 45 KiB \(largest: remoteEntry\.js 26\./,
    );
  });

  it("counts a library the page borrows from the shell at the shell's file, unless the dashboard loaded it", () => {
    writeDist(host, hostStats(hostFiles, ['main.js']), {
      'main.js': small,
      'react.js': small,
      'react-dom.js': small,
      'react-router.js': small,
      'react-query.js': small,
      'zod.js': incompressible(26),
    });
    writeDist(
      remote,
      // A remote ships no copy of a shared library: its page lists the key without files.
      remoteStats({ 'remoteEntry.js': { packages: {} }, 'budget.js': { packages: {} } }, ['budget.js'], {
        zod: [],
        react: [],
      }),
      { 'remoteEntry.js': incompressible(8), 'budget.js': incompressible(12) },
    );
    const result = checkBudgets({ host, remotes: [remote] });
    const visit = result.rows.find((r: { label: string }) => r.label === 'first visit ./BudgetPage');
    expect(visit.parts.map((p: { file: string }) => p.file).sort()).toEqual(['budget.js', 'remoteEntry.js', 'zod.js']);
    expect(result.failures).toEqual([
      expect.stringMatching(/^mf_finance first visit \.\/BudgetPage: 46\.\d KiB gz > 45 KiB \(largest: zod\.js 26\./),
    ]);
  });

  it("holds a child's profile to the same first-visit budget as every section", () => {
    writeSmallHost();
    writeDist(
      remote,
      {
        ...remoteStats({ 'remoteEntry.js': { packages: {} }, 'detail.js': { packages: {} } }, ['detail.js']),
        app: 'mf_beneficiaries',
        exposes: { './BeneficiaryDetailPage': { files: ['detail.js'], shared: {} } },
      },
      { 'remoteEntry.js': incompressible(8), 'detail.js': incompressible(40) },
    );
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.rows.find((r: { label: string }) => r.label === 'first visit ./BeneficiaryDetailPage').limitKiB).toBe(
      45,
    );
    expect(result.failures).toEqual([
      expect.stringMatching(/^mf_beneficiaries first visit \.\/BeneficiaryDetailPage: 48\.\d KiB gz > 45 KiB/),
    ]);
  });

  it('fails when zod travels outside the one shared chunk the shell provides', () => {
    writeSmallHost();
    writeDist(
      remote,
      remoteStats(
        {
          'remoteEntry.js': { packages: {} },
          'budget.js': { packages: {} },
          '296.js': { packages: { zod: ['v4/classic/schemas.js'] } },
        },
        ['budget.js', '296.js'],
      ),
      { 'remoteEntry.js': small, 'budget.js': small, '296.js': small },
    );
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.ok).toBe(false);
    expect(result.failures).toEqual([
      'zod: in 2 files (shell/zod.js, mf_finance/296.js); expected exactly one, the shared chunk shell/zod.js',
    ]);
  });

  it('fails when zod is in one file that is not the shared chunk, or in none', () => {
    writeDist(
      host,
      { ...hostStats({ ...hostFiles, 'zod.js': { packages: {} } }, ['main.js']) },
      {
        'main.js': small,
        'react.js': small,
        'react-dom.js': small,
        'react-router.js': small,
        'react-query.js': small,
        'zod.js': small,
      },
    );
    writeSmallRemote();
    expect(checkBudgets({ host, remotes: [remote] }).failures).toEqual([
      'zod: in no file of any dist folder (expected exactly one shared chunk)',
    ]);

    writeDist(
      remote,
      remoteStats(
        { 'remoteEntry.js': { packages: {} }, 'budget.js': { packages: { zod: ['v4/classic/schemas.js'] } } },
        ['budget.js'],
      ),
      { 'remoteEntry.js': small, 'budget.js': small },
    );
    expect(checkBudgets({ host, remotes: [remote] }).failures).toEqual([
      'zod: in 1 file (mf_finance/budget.js); expected exactly one, the shared chunk shell/zod.js',
    ]);
  });

  it('fails when a remote ships its own copy of React', () => {
    writeSmallHost();
    writeDist(
      remote,
      remoteStats(
        { 'remoteEntry.js': { packages: {} }, 'budget.js': { packages: { react: ['index.js', 'jsx-runtime.js'] } } },
        ['budget.js'],
      ),
      { 'remoteEntry.js': small, 'budget.js': small },
    );
    const result = checkBudgets({ host, remotes: [remote] });
    expect(result.ok).toBe(false);
    expect(result.failures).toEqual([
      'react: 2 copies of react/index.js in shell/react.js, mf_finance/budget.js (expected exactly one)',
    ]);
  });

  it('fails when a shared library is missing from every build', () => {
    writeDist(host, hostStats({ ...hostFiles, 'react-query.js': { packages: {} } }, ['main.js']), {
      'main.js': small,
      'react.js': small,
      'react-dom.js': small,
      'react-router.js': small,
      'react-query.js': small,
      'zod.js': small,
    });
    writeSmallRemote();
    expect(checkBudgets({ host, remotes: [remote] }).failures).toEqual([
      '@tanstack/react-query: no copy found in any dist folder (expected exactly one)',
    ]);
  });

  it('the command prints the table and exits 1 on a broken budget', () => {
    writeSmallHost({ 'vendor.big.js': incompressible(160) }, ['main.js', 'vendor.big.js']);
    writeSmallRemote();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(main([host, remote])).toBe(1);
      const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
      expect(printed).toContain('Budget broken:');
      expect(printed).toMatch(/vendor\.big\.js 16\d\.\d KiB/);
    } finally {
      log.mockRestore();
    }
  });
});
