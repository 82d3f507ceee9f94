'use strict';
/**
 * Size budget of the built browser apps, measured gzipped from the dist folders and the
 * `stats.json` each build writes (federation-stats-plugin.js).
 *
 *   node libs/build-kit/src/budgets.js [shellDist remoteDist...]
 *
 * Exits 1, naming the files and the numbers, when a budget is broken.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { ONE_COPY_PACKAGES } = require('./shared-deps');
const { ZOD_SHARE_KEY } = require('./shared-zod');
const { STATS_FILE } = require('./federation-stats-plugin');

const KIB = 1024;
const DEFAULT_LIMITS = {
  /** Everything the browser runs before the dashboard shows: shell, shared libraries, federation runtime. */
  dashboardKiB: 150,
  remoteEntryKiB: 25,
  /**
   * A section's first visit from the dashboard: the remote's entry, the page's chunks and every shared
   * library the page needs that the dashboard did not load (the shell's copy, where a remote borrows it).
   */
  sectionFirstVisitKiB: 45,
};

/** Libraries that must travel in exactly one file across all apps: the chunk the shell provides them from. */
const ONE_SHARED_CHUNK_PACKAGES = [ZOD_SHARE_KEY];

const isJs = (file) => file.endsWith('.js');
const kib = (bytes) => (bytes / KIB).toFixed(1);

function readStats(dist) {
  const file = path.join(dist, STATS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the app first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function gzipSizer() {
  const cache = new Map();
  return (dist, file) => {
    const full = path.join(dist, file);
    if (!cache.has(full)) {
      if (!fs.existsSync(full)) throw new Error(`${full} is listed in ${STATS_FILE} but missing`);
      cache.set(full, zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length);
    }
    return cache.get(full);
  };
}

/**
 * Unique JavaScript files of a closure: its own files plus the shared libraries it must load, as
 * `{ dist, file }`. A library in `skipSharedKeys` is already on the page; one the closure lists
 * without files (borrowed from the shell) is counted at the shell's files for it (`borrowed`).
 */
function closureFiles(dist, closure, skipSharedKeys = new Set(), borrowed = { dist: null, providers: {} }) {
  const files = new Map();
  const add = (where, file) => isJs(file) && files.set(`${where}\0${file}`, { dist: where, file });
  for (const file of closure.files) add(dist, file);
  for (const [key, list] of Object.entries(closure.shared ?? {})) {
    if (skipSharedKeys.has(key)) continue;
    for (const file of list) add(dist, file);
    if (list.length === 0) for (const file of borrowed.providers[key] ?? []) add(borrowed.dist, file);
  }
  return [...files.values()].sort((a, b) => a.file.localeCompare(b.file));
}

function measure(label, app, files, limitKiB, sizeOf) {
  const parts = files.map(({ dist, file }) => ({ file, bytes: sizeOf(dist, file) })).sort((a, b) => b.bytes - a.bytes);
  const bytes = parts.reduce((sum, part) => sum + part.bytes, 0);
  return { label, app, bytes, limitKiB, ok: bytes <= limitKiB * KIB, parts };
}

/** Packages that must exist once across every app: a module found in two files is a second copy. */
function findCopies(apps) {
  const failures = [];
  const summary = [];
  for (const pkg of ONE_COPY_PACKAGES) {
    const places = new Map();
    for (const { stats } of apps) {
      for (const [file, info] of Object.entries(stats.files ?? {})) {
        for (const modulePath of info.packages?.[pkg] ?? []) {
          const list = places.get(modulePath) ?? [];
          list.push(`${stats.app}/${file}`);
          places.set(modulePath, list);
        }
      }
    }
    const files = new Set([...places.values()].flat());
    const duplicated = [...places.entries()].filter(([, list]) => list.length > 1);
    if (places.size === 0) failures.push(`${pkg}: no copy found in any dist folder (expected exactly one)`);
    for (const [modulePath, list] of duplicated) {
      failures.push(
        `${pkg}: ${list.length} copies of ${pkg}/${modulePath} in ${list.join(', ')} (expected exactly one)`,
      );
    }
    summary.push({ pkg, files: [...files].sort(), copies: duplicated.length > 0 ? 'several' : places.size ? 1 : 0 });
  }
  return { failures, summary };
}

/**
 * Libraries that must travel in exactly one file of all the apps, the shared chunk the shell provides
 * them from: a second file is a second download of the same code.
 */
function findSharedChunks(apps, hostStats) {
  const failures = [];
  const summary = [];
  for (const pkg of ONE_SHARED_CHUNK_PACKAGES) {
    const files = [];
    for (const { stats } of apps) {
      for (const [file, info] of Object.entries(stats.files ?? {}))
        if (info.packages?.[pkg]) files.push(`${stats.app}/${file}`);
    }
    const shared = new Set((hostStats.providers?.[pkg] ?? []).map((file) => `${hostStats.app}/${file}`));
    const outside = files.filter((file) => !shared.has(file));
    if (files.length === 0) failures.push(`${pkg}: in no file of any dist folder (expected exactly one shared chunk)`);
    else if (files.length > 1 || outside.length > 0) {
      const what = shared.size ? `the shared chunk ${[...shared].join(', ')}` : `a chunk the shell provides as shared`;
      failures.push(
        `${pkg}: in ${files.length} file${files.length === 1 ? '' : 's'} (${files.join(', ')}); expected exactly one, ${what}`,
      );
    }
    summary.push({ pkg, files: files.sort(), ok: files.length === 1 && outside.length === 0 });
  }
  return { failures, summary };
}

/**
 * Checks the budgets.
 * @param {{ host: string, remotes: string[], limits?: Partial<typeof DEFAULT_LIMITS> }} options dist folders
 * @returns {{ ok: boolean, rows: object[], copies: object[], failures: string[] }}
 */
function checkBudgets({ host, remotes, limits = {} }) {
  const limit = { ...DEFAULT_LIMITS, ...limits };
  const sizeOf = gzipSizer();
  const hostStats = readStats(host);
  if (hostStats.kind !== 'host') throw new Error(`${host} is not the host's build (kind ${hostStats.kind})`);
  const apps = [{ dist: host, stats: hostStats }, ...remotes.map((dist) => ({ dist, stats: readStats(dist) }))];
  // What the dashboard has loaded: these libraries cost a section nothing more.
  const onDashboard = new Set(Object.keys(hostStats.startup.shared ?? {}));
  const borrowed = { dist: host, providers: hostStats.providers ?? {} };

  const rows = [
    measure('dashboard JS', hostStats.app, closureFiles(host, hostStats.startup), limit.dashboardKiB, sizeOf),
  ];
  for (const { dist, stats } of apps.slice(1)) {
    if (!stats.remoteEntry) throw new Error(`${dist}: ${STATS_FILE} names no remote entry`);
    const entry = { dist, file: stats.remoteEntry };
    rows.push(measure('remote entry', stats.app, [entry], limit.remoteEntryKiB, sizeOf));
    for (const [expose, closure] of Object.entries(stats.exposes ?? {})) {
      const files = [entry, ...closureFiles(dist, closure, onDashboard, borrowed)];
      rows.push(measure(`first visit ${expose}`, stats.app, files, limit.sectionFirstVisitKiB, sizeOf));
    }
  }

  const failures = [];
  for (const row of rows.filter((r) => !r.ok)) {
    const top = row.parts
      .slice(0, 3)
      .map((p) => `${p.file} ${kib(p.bytes)} KiB`)
      .join(', ');
    failures.push(`${row.app} ${row.label}: ${kib(row.bytes)} KiB gz > ${row.limitKiB} KiB (largest: ${top})`);
  }
  const copies = findCopies(apps);
  failures.push(...copies.failures);
  const sharedChunks = findSharedChunks(apps, hostStats);
  failures.push(...sharedChunks.failures);
  return { ok: failures.length === 0, rows, copies: copies.summary, sharedChunks: sharedChunks.summary, failures };
}

function formatReport(result) {
  const lines = ['app               | budget                               |   KiB gz | limit | files'];
  lines.push('------------------|--------------------------------------|----------|-------|------');
  for (const row of result.rows) {
    lines.push(
      [
        row.app.padEnd(17),
        row.label.padEnd(36),
        kib(row.bytes).padStart(8),
        String(row.limitKiB).padStart(5),
        `${row.ok ? '' : 'OVER '}${row.parts.map((p) => `${p.file} ${kib(p.bytes)}`).join(', ')}`,
      ].join(' | '),
    );
  }
  lines.push('');
  for (const copy of result.copies)
    lines.push(`one copy of ${copy.pkg}: ${copy.copies} (${copy.files.join(', ') || 'none'})`);
  for (const chunk of result.sharedChunks ?? []) {
    lines.push(`${chunk.pkg} in one shared chunk: ${chunk.ok ? 'yes' : 'NO'} (${chunk.files.join(', ') || 'none'})`);
  }
  lines.push('');
  lines.push(result.ok ? 'All budgets met.' : `Budget broken:\n  ${result.failures.join('\n  ')}`);
  return lines.join('\n');
}

/** The four apps' dist folders in this repository. */
function defaultDists(root = path.resolve(__dirname, '../../..')) {
  return {
    host: path.join(root, 'shell/dist'),
    remotes: ['mf-beneficiaries', 'mf-finance', 'mf-admin'].map((app) => path.join(root, app, 'dist')),
  };
}

function main(argv) {
  const [host, ...remotes] = argv;
  const options = host ? { host: path.resolve(host), remotes: remotes.map((r) => path.resolve(r)) } : defaultDists();
  const result = checkBudgets(options);
  console.log(formatReport(result));
  return result.ok ? 0 : 1;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

module.exports = { checkBudgets, formatReport, defaultDists, DEFAULT_LIMITS, main };
