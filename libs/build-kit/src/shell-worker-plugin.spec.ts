import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { shellWorkerScript } = require('./shell-worker-plugin.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { standaloneScript } = require('./standalone-script.js');

describe("the shell's service worker script", () => {
  it('runs on its own in a worker scope and listens for install, activate and page loads', () => {
    const { text, files } = shellWorkerScript();
    const listened: string[] = [];
    const self = {
      addEventListener: (type: string) => listened.push(type),
      location: { origin: 'https://kcf.example' },
    };
    runInNewContext(text, { self, URL });
    expect(listened).toEqual(['install', 'activate', 'fetch']);
    expect(files.map((f: string) => f.replace(/.*\/(shell|libs)\//, '$1/'))).toEqual([
      'shell/src/worker/shell-worker.ts',
      'libs/contracts/src/common/app-pages.ts',
      'libs/contracts/src/common/page-manifest.ts',
    ]);
  });
});

describe('a standalone script', () => {
  it('refuses a module it was not given, by name, at build time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'standalone-'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, "import { z } from 'zod';\nexport const schema = z.string();\n");
    expect(() => standaloneScript({ entry, start: '' })).toThrow(/imports zod, which a standalone script cannot load/);
  });
});
