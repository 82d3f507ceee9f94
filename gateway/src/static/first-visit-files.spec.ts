import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStats, firstVisitFiles } from './first-visit-files';

// As build-kit's federation-stats-plugin.js writes them.
const shell = {
  startup: {
    files: ['main.1.js', 'bootstrap.2.js', 'bootstrap.3.css'],
    shared: { react: ['react.4.js'], '@kcf/ui': ['331.5.js'] },
  },
  providers: { react: ['react.4.js'], '@kcf/ui': ['331.5.js'], zod: ['zod.6.js'] },
};
const finance = {
  exposes: {
    './FinancesPage': { files: ['128.a.js', '922.b.js', '922.c.css'], shared: { react: [], '@kcf/ui': [] } },
    './BudgetPage': {
      files: ['128.a.js', '14.d.js', '14.e.css', '../secret.js', 'notes.txt'],
      shared: { zod: [], react: [] },
    },
  },
};

describe("an exposed page's first-visit files", () => {
  it("are its chunks under the remote's address and the shell's shared libraries it needs beyond the startup", () => {
    expect(firstVisitFiles(finance, '/remotes/finance/', shell)).toEqual({
      './FinancesPage': ['/remotes/finance/128.a.js', '/remotes/finance/922.b.js', '/remotes/finance/922.c.css'],
      './BudgetPage': [
        '/remotes/finance/128.a.js',
        '/remotes/finance/14.d.js',
        '/remotes/finance/14.e.css',
        '/zod.6.js',
      ],
    });
  });

  it("are the chunks alone without the shell's stats, and none for a build without exposes", () => {
    expect(firstVisitFiles(finance, '/remotes/finance/', null)['./BudgetPage']).toEqual([
      '/remotes/finance/128.a.js',
      '/remotes/finance/14.d.js',
      '/remotes/finance/14.e.css',
    ]);
    expect(firstVisitFiles({}, '/remotes/finance/', shell)).toEqual({});
  });

  it("are read from a build's stats.json, again when it changes, and none when it is missing or broken", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kcf-stats-'));
    try {
      expect(await buildStats(dir)).toBeNull();
      writeFileSync(join(dir, 'stats.json'), JSON.stringify(finance));
      expect(await buildStats(dir)).toEqual(finance);
      writeFileSync(join(dir, 'stats.json'), '{"exposes": ');
      expect(await buildStats(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
