import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpack = require('webpack');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PureSchemasPlugin, isContractsModule } = require('./pure-schemas-plugin.js');

/** A page that takes a constant from a contracts module which also builds a schema with a "validation library". */
function writeFixture(root: string) {
  const contracts = join(root, 'libs', 'contracts', 'src');
  mkdirSync(contracts, { recursive: true });
  writeFileSync(
    join(root, 'libs', 'contracts', 'package.json'),
    JSON.stringify({ name: 'contracts', sideEffects: false }),
  );
  writeFileSync(
    join(contracts, 'validation.js'),
    "export const v = { enum: (values) => ({ values, marker: 'VALIDATION_LIBRARY' }) };\n",
  );
  writeFileSync(
    join(contracts, 'roles.js'),
    "import { v } from './validation.js';\nexport const ROLES = ['admin', 'viewer'];\nexport const RoleSchema = v.enum(ROLES).values.slice(0);\n",
  );
  writeFileSync(
    join(root, 'page.js'),
    "import { ROLES } from './libs/contracts/src/roles.js';\nexport const roles = ROLES.join(',');\n",
  );
}

function build(root: string, plugins: unknown[]): Promise<string> {
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: root,
        entry: './page.js',
        output: { path: join(root, 'dist'), filename: 'page.js', library: { type: 'commonjs2' } },
        optimization: { minimize: false },
        plugins,
      },
      (error: Error | null, stats: { hasErrors(): boolean; toString(): string }) => {
        if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString()));
        else resolve(readFileSync(join(root, 'dist', 'page.js'), 'utf8'));
      },
    );
  });
}

describe('PureSchemasPlugin', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kcf-pure-'));
    writeFixture(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('drops an unused contracts schema with the library it is built with', async () => {
    expect(await build(root, [])).toContain('VALIDATION_LIBRARY');
    const output = await build(root, [new PureSchemasPlugin()]);
    expect(output).not.toContain('VALIDATION_LIBRARY');
    expect(output).toContain("['admin', 'viewer']");
  }, 30_000);

  it('applies to the contracts sources only', () => {
    expect(isContractsModule(join('/repo', 'libs', 'contracts', 'src', 'users', 'user.ts'))).toBe(true);
    expect(isContractsModule(join('/repo', 'shell', 'src', 'app.tsx'))).toBe(false);
    expect(isContractsModule(undefined)).toBe(false);
  });
});
