'use strict';
/**
 * Fails the build when app code reaches past the shared router: an import from 'react-router-dom'
 * of a name the shared subset does not carry (it would be undefined at run time), or any import
 * of 'react-router' itself (a second router whose context the shell's routes never see).
 * The same for the shared zod (shared-zod.js): a member of `z` it does not carry, or 'zod/...'.
 */
const path = require('node:path');
const { WebpackError } = require('webpack');
const { ROUTER_SHARE_KEY, ROUTER_FACADE, ROUTER_EXPORTS } = require('./shared-router');
const { ZOD_FACADE, zodImportProblems } = require('./shared-zod');

const PLUGIN = 'RouterImportGuardPlugin';
const NAMED_IMPORT_TYPES = new Set(['harmony import specifier', 'harmony export imported specifier']);
const allowed = new Set(ROUTER_EXPORTS);

function isAppModule(resource) {
  return (
    !resource.includes(`${path.sep}node_modules${path.sep}`) && resource !== ROUTER_FACADE && resource !== ZOD_FACADE
  );
}

/** Problems with one dependency of an app module, as messages (empty when fine). */
function routerImportProblems(dependency) {
  const request = dependency.request;
  if (typeof request !== 'string') return [];
  if (request === 'react-router' || request.startsWith('react-router/')) {
    return [`imports '${request}'; import from '${ROUTER_SHARE_KEY}' (the router shared with the shell)`];
  }
  if (request !== ROUTER_SHARE_KEY || !NAMED_IMPORT_TYPES.has(dependency.type)) return [];
  const name = dependency.ids?.[0];
  if (name === undefined) return [`uses the whole '${ROUTER_SHARE_KEY}' namespace; import the names it needs`];
  if (!allowed.has(name)) {
    return [
      `imports '${name}' from '${ROUTER_SHARE_KEY}', which the shared router does not carry (see build-kit shared-router.js)`,
    ];
  }
  return [];
}

class RouterImportGuardPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        for (const module of modules) {
          if (!module.resource || !isAppModule(module.resource)) continue;
          const messages = new Set(
            module.dependencies.flatMap((d) => [...routerImportProblems(d), ...zodImportProblems(d)]),
          );
          for (const message of messages) {
            const error = new WebpackError(`${path.relative(compiler.context, module.resource)} ${message}`);
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

module.exports = { RouterImportGuardPlugin, routerImportProblems };
