'use strict';
/**
 * The shell's two HTML pages, finished after its browser build:
 *
 * - index.html (every signed-in page): the files the app needs before its first screen are announced in
 *   the head (`preload`, and the stylesheet itself), so the browser fetches them alongside the entry
 *   instead of one round trip after it.
 * - landing.html (`/` for a visitor without a session cookie, see the gateway): the landing page's markup
 *   printed into #root and the startup stylesheet inlined, and no script: it paints from the HTML alone
 *   and costs an old phone no script work. Its Sign In is a plain form; the app's startup files are
 *   prefetched meanwhile, so the login form that follows starts from the cache. The gateway allows the
 *   inline style by its hash.
 *
 *   node libs/build-kit/src/shell-pages.js <shellDist> <prerender module>
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { STATS_FILE } = require('./federation-stats-plugin');

const LANDING_FILE = 'landing.html';
const COMPRESS_MIN_BYTES = 1024;
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const SCRIPT_TAG = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/g;

/** The startup closure's files: its scripts (entry excluded: the page already loads it) and stylesheets. */
function startupFiles(stats, entryScripts) {
  const all = [...stats.startup.files, ...Object.values(stats.startup.shared ?? {}).flat()];
  const unique = [...new Set(all)];
  return {
    scripts: unique.filter((f) => f.endsWith('.js') && !entryScripts.includes(f)).sort(),
    styles: unique.filter((f) => f.endsWith('.css')).sort(),
  };
}

/** The `src` of every script tag in the page, without the leading slash. */
function scriptsOf(html) {
  return [...html.matchAll(/<script[^>]*\ssrc="?\/?([^"\s>]+)"?/g)].map((m) => m[1]);
}

function insertBeforeHeadEnd(html, tags) {
  if (!html.includes('</head>')) throw new Error('the page has no </head>');
  return html.replace('</head>', () => `${tags}</head>`);
}

/** `<style>` content that cannot end the element early. */
function inlineCss(css) {
  if (/<\/style/i.test(css)) throw new Error('a stylesheet contains "</style": it cannot be inlined');
  return css.trim();
}

/**
 * @param {object} o
 * @param {string} o.indexHtml the built index.html
 * @param {{ startup: { files: string[], shared?: Record<string, string[]> } }} o.stats the build's stats.json
 * @param {(file: string) => string} o.readAsset text of a built file
 * @param {string} o.landingHtml the landing page's prerendered markup (contents of #root)
 * @returns {{ index: string, landing: string }}
 */
function shellPages({ indexHtml, stats, readAsset, landingHtml }) {
  const entries = scriptsOf(indexHtml);
  const { scripts, styles } = startupFiles(stats, entries);
  const preloads = scripts.map((file) => `<link rel="preload" as="script" href="/${file}">`).join('');
  const stylesheets = styles.map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
  const index = insertBeforeHeadEnd(indexHtml, preloads + stylesheets);

  if (!EMPTY_ROOT.test(indexHtml)) throw new Error('the page has no empty <div id="root">');
  const css = styles.map((file) => inlineCss(readAsset(file))).join('\n');
  const prefetches = [...entries, ...scripts, ...styles]
    .map((file) => `<link rel="prefetch" href="/${file}">`)
    .join('');
  const landing = insertBeforeHeadEnd(indexHtml.replace(SCRIPT_TAG, ''), `<style>${css}</style>${prefetches}`)
    .replace(NOSCRIPT, '')
    .replace(EMPTY_ROOT, () => `<div id="root">${landingHtml}</div>`);
  return { index, landing };
}

/** Writes a page with the .gz and .br siblings the static server prefers (stale ones removed). */
function writePage(file, html) {
  fs.writeFileSync(file, html);
  const body = Buffer.from(html);
  for (const [suffix, compress] of [
    ['.gz', () => zlib.gzipSync(body, { level: 9 })],
    [
      '.br',
      () =>
        zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        }),
    ],
  ]) {
    if (body.length >= COMPRESS_MIN_BYTES) fs.writeFileSync(file + suffix, compress());
    else fs.rmSync(file + suffix, { force: true });
  }
}

function main([dist, prerenderModule]) {
  if (!dist || !prerenderModule) throw new Error('usage: shell-pages.js <shellDist> <prerender module>');
  const stats = JSON.parse(fs.readFileSync(path.join(dist, STATS_FILE), 'utf8'));
  const indexFile = path.join(dist, 'index.html');
  const { renderSignedOutLanding } = require(path.resolve(prerenderModule));
  const pages = shellPages({
    indexHtml: fs.readFileSync(indexFile, 'utf8'),
    stats,
    readAsset: (file) => fs.readFileSync(path.join(dist, file), 'utf8'),
    landingHtml: renderSignedOutLanding(),
  });
  writePage(indexFile, pages.index);
  writePage(path.join(dist, LANDING_FILE), pages.landing);
  console.log(`shell pages: index.html ${pages.index.length} B, ${LANDING_FILE} ${pages.landing.length} B`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

module.exports = { shellPages, LANDING_FILE };
