'use strict';
/**
 * Lets a page take a constant from the contracts without the schemas beside it (and without zod).
 *
 * The contracts declare schemas at the top level (`export const User = z.object({ ... })`). webpack
 * keeps every top-level call it cannot prove free of side effects, so importing `ROLE_LABELS` from the
 * module that also builds `RoleSchema` would keep `z.enum(...)` and, with it, the whole of zod. The
 * contracts library is schemas, constants and pure functions only (its package.json says
 * `sideEffects: false`): this plugin tells webpack's parser that a call at the top level of a contracts
 * module has no side effects when its arguments, and the calls it is chained on, have none, so a schema nobody uses is dropped with its
 * imports, the way an unused function is, and a page that needs no schema does not load zod.
 */
const path = require('node:path');
const { ZOD_SHARE_KEY } = require('./shared-zod');

const PLUGIN = 'PureSchemasPlugin';
const CONSUME = 'consume-shared-module';
const CONTRACTS_SOURCE = `${path.sep}libs${path.sep}contracts${path.sep}src${path.sep}`;

/** A module of the contracts library (its sources, as the apps build them). */
function isContractsModule(resource) {
  return typeof resource === 'string' && resource.includes(CONTRACTS_SOURCE);
}

class PureSchemasPlugin {
  apply(compiler) {
    // Taking zod from the shell (shared-zod.js) has no side effects either: a chunk whose schemas all
    // dropped out does not wait for zod to load (webpack counts every other module as having some).
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        for (const module of modules) {
          if (module.type === CONSUME && module.options?.shareKey === ZOD_SHARE_KEY)
            module.getSideEffectsConnectionState = () => false;
        }
      });
    });
    compiler.hooks.normalModuleFactory.tap(PLUGIN, (factory) => {
      const onParser = (parser) => {
        // Before webpack's own rule for imported functions, which does not see through method chains.
        parser.hooks.isPure.for('CallExpression').tap({ name: PLUGIN, stage: -20 }, (expression) => {
          if (!isContractsModule(parser.state.module?.resource)) return undefined;
          // `z.string().min(1)`: the call it is chained on must be pure too.
          let object = expression.callee;
          while (object.type === 'MemberExpression') object = object.object;
          if (object.type === 'CallExpression' && !parser.isPure(object, object.range[0])) return false;
          let commentsStartPos = expression.callee.range[1];
          for (const argument of expression.arguments) {
            if (argument.type === 'SpreadElement' || !parser.isPure(argument, commentsStartPos)) return false;
            commentsStartPos = argument.range[1];
          }
          return true;
        });
      };
      for (const type of ['javascript/auto', 'javascript/esm']) factory.hooks.parser.for(type).tap(PLUGIN, onParser);
    });
  }
}

module.exports = { PureSchemasPlugin, isContractsModule };
