'use strict';
/**
 * The shared validation library: the contracts import `{ z } from 'zod'`; the shell provides
 * zod-facade.mjs under that key, so every app on the page uses one zod, loaded with the first form
 * that validates. A shared library cannot be tree-shaken: the whole package (with every locale and the
 * JSON Schema tools) costs about 85 KiB gzipped; the members the schemas use cost about 25.
 */
const path = require('node:path');

const ZOD_SHARE_KEY = 'zod';
const ZOD_FACADE = path.join(__dirname, 'zod-facade.mjs');

/** Members of `z` the browser apps may use at run time (types such as `z.infer` cost nothing). */
const ZOD_MEMBERS = [
  'array',
  'boolean',
  'coerce',
  'discriminatedUnion',
  'email',
  'enum',
  'iso',
  'literal',
  'NEVER',
  'null',
  'number',
  'object',
  'partialRecord',
  'preprocess',
  'record',
  'strictObject',
  'string',
  'union',
  'unknown',
  'uuid',
  'ZodError',
];

const NAMED_IMPORT_TYPES = new Set(['harmony import specifier', 'harmony export imported specifier']);
const allowed = new Set(ZOD_MEMBERS);

/**
 * Problems with one dependency of an app module on zod, as messages (empty when fine): a member of `z`
 * the shared subset does not carry (undefined at run time), or an import that bypasses the shared zod.
 */
function zodImportProblems(dependency) {
  const request = dependency.request;
  if (typeof request !== 'string') return [];
  if (request.startsWith(`${ZOD_SHARE_KEY}/`)) {
    return [`imports '${request}'; import { z } from '${ZOD_SHARE_KEY}' (the zod shared with the shell)`];
  }
  if (request !== ZOD_SHARE_KEY || !NAMED_IMPORT_TYPES.has(dependency.type)) return [];
  const [name, member] = dependency.ids ?? [];
  if (name !== 'z' && name !== 'default')
    return [
      `imports ${name === undefined ? 'the whole namespace' : `'${name}'`} from '${ZOD_SHARE_KEY}'; import { z } and use its members`,
    ];
  if (member === undefined) return [`uses '${ZOD_SHARE_KEY}' as a whole; use the members of z it needs`];
  if (!allowed.has(member))
    return [`uses z.${member}, which the shared zod does not carry (see build-kit shared-zod.js)`];
  return [];
}

module.exports = { ZOD_SHARE_KEY, ZOD_FACADE, ZOD_MEMBERS, zodImportProblems };
