import { readFileSync } from 'node:fs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ZOD_FACADE, ZOD_MEMBERS, zodImportProblems } = require('./shared-zod.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedConfig } = require('./shared-deps.js');

function facadeMembers(): string[] {
  const text = readFileSync(ZOD_FACADE, 'utf8');
  return [...text.matchAll(/^\s+(\w+): zod\.(\w+),$/gm)].map(([, name, member]) => {
    expect(member).toBe(name);
    return name;
  });
}

describe('the shared zod', () => {
  it('carries exactly the members the import guard allows', () => {
    expect(facadeMembers()).toEqual(ZOD_MEMBERS);
  });

  it('is what the shell provides under the key zod, and what a remote borrows', () => {
    expect(sharedConfig({ dir: `${__dirname}/../../../shell`, bundleSingletons: true }).zod).toMatchObject({
      singleton: true,
      import: ZOD_FACADE,
    });
    expect(sharedConfig({ dir: `${__dirname}/../../../mf-admin`, bundleSingletons: false }).zod.import).toBe(false);
  });

  it('validates like zod itself', async () => {
    const { z } = await import(ZOD_FACADE);
    const schema = z.object({ name: z.string().trim().min(1, 'Name is required'), role: z.enum(['admin', 'viewer']) });
    expect(schema.parse({ name: ' Amani ', role: 'admin' })).toEqual({ name: 'Amani', role: 'admin' });
    const result = schema.safeParse({ name: ' ', role: 'guest' });
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf(z.ZodError);
    expect(result.error.issues[0].message).toBe('Name is required');
  });
});

describe('zodImportProblems', () => {
  const member = (...ids: string[]) => ({ type: 'harmony import specifier', request: 'zod', ids });

  it('accepts the members the shared zod carries', () => {
    expect(zodImportProblems(member('z', 'object'))).toEqual([]);
    expect(zodImportProblems(member('z', 'coerce', 'number'))).toEqual([]);
    expect(zodImportProblems({ type: 'harmony side effect evaluation', request: 'zod' })).toEqual([]);
  });

  it('refuses a member the shared zod leaves out', () => {
    expect(zodImportProblems(member('z', 'toJSONSchema'))).toEqual([
      'uses z.toJSONSchema, which the shared zod does not carry (see build-kit shared-zod.js)',
    ]);
  });

  it('refuses z as a whole, other names and sub-paths that bypass the shared copy', () => {
    expect(zodImportProblems(member('z'))[0]).toContain("uses 'zod' as a whole");
    expect(zodImportProblems(member('string'))[0]).toContain("imports 'string' from 'zod'");
    expect(zodImportProblems(member())[0]).toContain("imports the whole namespace from 'zod'");
    expect(zodImportProblems({ type: 'harmony import specifier', request: 'zod/mini', ids: ['z'] })[0]).toContain(
      "imports 'zod/mini'",
    );
  });

  it('ignores other modules', () => {
    expect(zodImportProblems({ type: 'harmony import specifier', request: 'react', ids: ['useState'] })).toEqual([]);
  });
});
