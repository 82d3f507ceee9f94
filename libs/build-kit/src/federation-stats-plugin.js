'use strict';
/**
 * Emits `stats.json` beside the build: which files the browser needs for the first render
 * of the host, for each exposed module of a remote, and which package code each file holds.
 * The budget check (budgets.js) reads it; the numbers come from the chunk graph, not guesses.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Compilation, sources } = require('webpack');

const PLUGIN = 'FederationStatsPlugin';
const STATS_FILE = 'stats.json';
const CONSUME = 'consume-shared-module';
const PROVIDE = 'provide-module';

/** 'node_modules/@scope/pkg/dist/x.js' -> { name: '@scope/pkg', file: 'dist/x.js' }. */
function nodeModulesPackage(resource) {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = resource.lastIndexOf(marker);
  if (at === -1) return null;
  const parts = resource.slice(at + marker.length).split(path.sep);
  const size = parts[0].startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, size).join('/'), file: parts.slice(size).join('/') };
}

/** Workspace libraries resolve to their source folders; name them by their package.json. */
function workspacePackage(resource, cache) {
  let dir = path.dirname(resource);
  const visited = [];
  for (;;) {
    if (cache.has(dir)) break;
    visited.push(dir);
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      cache.set(dir, { name: JSON.parse(fs.readFileSync(manifest, 'utf8')).name, dir });
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      cache.set(dir, null);
      break;
    }
    dir = parent;
  }
  const found = cache.get(dir);
  for (const v of visited) cache.set(v, found);
  return found ? { name: found.name, file: path.relative(found.dir, resource).split(path.sep).join('/') } : null;
}

function innerModules(module) {
  return module.modules ? [...module.modules] : [module];
}

function blockGroups(module, chunkGraph) {
  const groups = [];
  for (const block of module.blocks || []) {
    const group = chunkGraph.getBlockChunkGroup(block);
    if (group) groups.push(group);
  }
  return groups;
}

function collect(compilation, { name, isHost }) {
  const { chunkGraph } = compilation;
  const packageCache = new Map();

  // Share key -> chunk groups of this build's own provider (only builds that bundle a copy).
  const providerGroups = new Map();
  for (const module of compilation.modules) {
    if (module.type !== PROVIDE) continue;
    providerGroups.set(module._name, blockGroups(module, chunkGraph));
  }

  /** Files of `startGroups`, plus the shared libraries they consume, keyed by share key. */
  const closure = (startGroups) => {
    const files = new Set();
    const shared = {};
    const seen = new Set();
    const queue = startGroups.map((group) => ({ group, key: null }));
    while (queue.length > 0) {
      const { group, key } = queue.shift();
      const seenKey = `${key}|${group.id ?? group.name}`;
      if (seen.has(seenKey)) continue;
      seen.add(seenKey);
      const target = key === null ? files : (shared[key] ??= new Set());
      for (const chunk of group.chunks) {
        for (const file of chunk.files) target.add(file);
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          if (module.type !== CONSUME) continue;
          const consumedKey = module.options.shareKey;
          // Listed even when this build ships no copy (a remote borrows it): the host's `providers` has its files.
          shared[consumedKey] ??= new Set();
          const groups = providerGroups.get(consumedKey) ?? blockGroups(module, chunkGraph);
          for (const g of groups) queue.push({ group: g, key: consumedKey });
        }
      }
    }
    const sharedFiles = {};
    for (const [k, set] of Object.entries(shared)) sharedFiles[k] = [...set].sort();
    return { files: [...files].sort(), shared: sharedFiles };
  };

  const stats = { app: name, kind: isHost ? 'host' : 'remote', provides: [...providerGroups.keys()].sort() };
  // The files of each library this build provides, for the pages of apps that borrow it.
  stats.providers = {};
  for (const [key, groups] of [...providerGroups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    stats.providers[key] = closure(groups).files;
  }

  if (isHost) {
    // The first render: the entry chunk plus its async boundary (`import('./bootstrap')`).
    const entry = compilation.entrypoints.get('main');
    const groups = [entry];
    for (const module of chunkGraph.getChunkEntryModulesIterable(entry.getEntrypointChunk())) {
      for (const inner of innerModules(module)) groups.push(...blockGroups(inner, chunkGraph));
    }
    stats.startup = closure(groups);
  } else {
    const container = compilation.entrypoints.get(name);
    stats.remoteEntry = [...container.getEntrypointChunk().files].find((f) => f.endsWith('.js')) ?? null;
    stats.exposes = {};
    for (const module of compilation.modules) {
      if (module.constructor.name !== 'ContainerEntryModule') continue;
      for (const block of module.blocks) {
        const exposed = block.dependencies[0]?.exposedName;
        const group = chunkGraph.getBlockChunkGroup(block);
        if (exposed && group) stats.exposes[exposed] = closure([group]);
      }
    }
  }

  // Which package code each emitted JavaScript file holds (for the one-copy check).
  stats.files = {};
  for (const chunk of compilation.chunks) {
    const jsFiles = [...chunk.files].filter((f) => f.endsWith('.js'));
    if (jsFiles.length === 0) continue;
    const packages = {};
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      for (const inner of innerModules(module)) {
        const resource = inner.resource;
        if (!resource) continue;
        const pkg = nodeModulesPackage(resource) ?? workspacePackage(resource, packageCache);
        if (!pkg || pkg.name === undefined) continue;
        (packages[pkg.name] ??= new Set()).add(pkg.file);
      }
    }
    const listed = {};
    for (const [pkg, set] of Object.entries(packages).sort()) listed[pkg] = [...set].sort();
    for (const file of jsFiles) stats.files[file] = { packages: listed };
  }
  return stats;
}

class FederationStatsPlugin {
  constructor({ name, isHost }) {
    this.options = { name, isHost };
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const stats = collect(compilation, this.options);
        compilation.emitAsset(STATS_FILE, new sources.RawSource(`${JSON.stringify(stats, null, 2)}\n`));
      });
    });
  }
}

module.exports = { FederationStatsPlugin, STATS_FILE };
