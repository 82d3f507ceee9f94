'use strict';
/**
 * The libraries every browser app shares as singletons through module federation:
 * one React, one router, one QueryClient cache and one design system on the page.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROUTER_SHARE_KEY, ROUTER_FACADE } = require('./shared-router');
const { ZOD_SHARE_KEY, ZOD_FACADE } = require('./shared-zod');

/** Share keys. Sub-path entries are listed because federation matches requests exactly. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  ROUTER_SHARE_KEY,
  '@tanstack/react-query',
  '@kcf/ui',
  '@kcf/web-kit',
  ZOD_SHARE_KEY,
];

/** Packages whose code must exist once across all built apps (checked by the budget). */
const ONE_COPY_PACKAGES = ['react', 'react-dom', 'react-router', '@tanstack/react-query'];

/** 'react/jsx-runtime' -> 'react', '@tanstack/react-query' -> '@tanstack/react-query'. */
function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Finds the installed package.json of `pkg`, looking up from `dir` the way Node does. */
function installedVersion(pkg, dir) {
  let current = dir;
  for (;;) {
    const candidate = path.join(current, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The version range an app asks for: its own package.json first; for a package it only
 * gets transitively (react-router under react-router-dom), the installed version's caret range.
 */
function requiredVersionFor(request, dir, dependencies) {
  const pkg = packageNameOf(request);
  if (dependencies[pkg]) return dependencies[pkg];
  const version = installedVersion(pkg, dir);
  if (!version) throw new Error(`${request} is shared but neither declared in ${dir}/package.json nor installed`);
  return `^${version}`;
}

/**
 * The `shared` option of ModuleFederationPlugin.
 * A remote built for the federated deployment ships no copy of the singletons (`import: false`):
 * it always runs inside the shell, which provides them. A standalone build bundles its own.
 */
function sharedConfig({ dir, bundleSingletons }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const dependencies = manifest.dependencies || {};
  const shared = {};
  for (const request of SINGLETONS) {
    shared[request] = {
      singleton: true,
      requiredVersion: requiredVersionFor(request, dir, dependencies),
      ...(bundleSingletons ? {} : { import: false }),
    };
  }
  // A library provided from a facade module is declared under the real package's version: the facade has no
  // package.json of its own, and without a version the runtime would offer it as version 0, which satisfies no
  // app's range (a warning on every page). The router travels as its declarative subset (shared-router.js);
  // zod as the members the schemas use (shared-zod.js), loaded with the first form that validates.
  for (const [key, facade] of [
    [ROUTER_SHARE_KEY, ROUTER_FACADE],
    [ZOD_SHARE_KEY, ZOD_FACADE],
  ]) {
    shared[key].version = installedVersion(key, dir);
    if (bundleSingletons) shared[key].import = facade;
  }
  return shared;
}

module.exports = { SINGLETONS, ONE_COPY_PACKAGES, packageNameOf, sharedConfig, requiredVersionFor, installedVersion };
