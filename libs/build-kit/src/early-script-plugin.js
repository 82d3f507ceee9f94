'use strict';
/**
 * The shell's very first script: shell/src/early-start.ts with the page table and web-kit's early-requests.ts
 * (modules that import nothing at run time), compiled on their own into `early.<hash>.js` and named first in
 * the page's head as an async script. Kept in the cache like every hashed file, it runs as soon as the HTML
 * names it, before the deferred app scripts are even evaluated: the sign-in state, the reads the page opens
 * with and (from the remotes' manifest the gateway wrote into the page) its section's code leave one step
 * sooner. The shell's main script makes the same call; the second one does nothing.
 */
const path = require('node:path');
const { createHash } = require('node:crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { standaloneScript } = require('./standalone-script');

const NAME = 'EarlyScriptPlugin';
const LIBS = path.join(__dirname, '..', '..');
const SHELL_SRC = path.join(LIBS, '..', 'shell', 'src');
const WEB_KIT = path.join(LIBS, 'web-kit', 'src');
const CONTRACTS = path.join(LIBS, 'contracts', 'src', 'common');
const ENTRY = path.join(SHELL_SRC, 'early-start.ts');
/** Every module the entry reaches, by the specifier it is imported with. */
const MODULES = {
  './pages/page-table': path.join(SHELL_SRC, 'pages', 'page-table.ts'),
  // The page table takes only web-kit's key helpers (in the app, from the shared web-kit).
  '@kcf/web-kit': path.join(WEB_KIT, 'api', 'child-profile-keys.ts'),
  '@kcf/contracts/page-manifest': path.join(CONTRACTS, 'page-manifest.ts'),
  '@kcf/web-kit/early': path.join(WEB_KIT, 'early.ts'),
  './api/early-requests': path.join(WEB_KIT, 'api', 'early-requests.ts'),
  './api/query-url': path.join(WEB_KIT, 'api', 'query-url.ts'),
};
const START = 'exports.startPageLoad(location);';

/** The script's text and the files it is built from. */
function earlyScriptBuild() {
  return standaloneScript({ entry: ENTRY, modules: MODULES, start: START });
}

/** The script's text. */
function earlyScript() {
  return earlyScriptBuild().text;
}

class EarlyScriptPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let file = null;
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const { text: script, files } = earlyScriptBuild();
        for (const source of files) compilation.fileDependencies.add(source);
        file = `early.${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
        compilation.emitAsset(file, new sources.RawSource(script));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        if (!file) return data;
        const publicPath = compilation.getAssetPath(compilation.outputOptions.publicPath ?? '', {});
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('script', { async: true, src: `${publicPath}${file}` }),
        );
        // Async and deferred scripts are fetched at low priority, behind the preloads: this one starts everything
        // else the page needs, and the entry is what runs the rest.
        for (const tag of data.headTags)
          if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        return data;
      });
    });
  }
}

module.exports = { EarlyScriptPlugin, earlyScript };
