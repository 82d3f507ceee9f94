import { readFileSync } from 'node:fs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ROUTER_EXPORTS, ROUTER_FACADE } = require('./shared-router.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { routerImportProblems } = require('./router-import-guard-plugin.js');

function facadeExports(): string[] {
  const text = readFileSync(ROUTER_FACADE, 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(text);
  if (!list) throw new Error('the facade has no export list');
  return list[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

describe('the shared router', () => {
  it('carries exactly the names the import guard allows', () => {
    expect(facadeExports()).toEqual(ROUTER_EXPORTS);
  });

  it('re-exports only names react-router has', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const reactRouter = require('react-router');
    const missing = ROUTER_EXPORTS.filter((name: string) => !(name in reactRouter));
    expect(missing).toEqual([]);
  });
});

describe('routerImportProblems', () => {
  const named = (request: string, name?: string) => ({
    type: 'harmony import specifier',
    request,
    ids: name === undefined ? [] : [name],
  });

  it('accepts names the shared router carries', () => {
    expect(routerImportProblems(named('react-router-dom', 'useParams'))).toEqual([]);
    expect(routerImportProblems({ type: 'harmony side effect evaluation', request: 'react-router-dom' })).toEqual([]);
  });

  it('refuses a name the shared router leaves out', () => {
    expect(routerImportProblems(named('react-router-dom', 'useLoaderData'))).toEqual([
      "imports 'useLoaderData' from 'react-router-dom', which the shared router does not carry (see build-kit shared-router.js)",
    ]);
  });

  it('refuses the whole namespace and a direct react-router import', () => {
    expect(routerImportProblems(named('react-router-dom'))[0]).toContain("uses the whole 'react-router-dom' namespace");
    expect(routerImportProblems(named('react-router', 'Link'))[0]).toContain("imports 'react-router'");
  });

  it('ignores other modules', () => {
    expect(routerImportProblems(named('react', 'useState'))).toEqual([]);
  });
});
