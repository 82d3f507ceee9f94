'use strict';
/**
 * The shell's very first script: web-kit's early-requests.ts (it imports nothing), compiled on its own into
 * `early.<hash>.js` and named first in the page's head as an async script. Kept in the cache like every
 * hashed file, it runs as soon as the HTML names it, before the deferred app scripts are even evaluated,
 * so a reload's reads leave one step sooner. The shell's main script makes the same call; the second one
 * does nothing.
 */
const path = require('node:path');
const { createHash } = require('node:crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { standaloneScript } = require('./standalone-script');

const NAME = 'EarlyScriptPlugin';
const SOURCE = path.join(__dirname, '..', '..', 'web-kit', 'src', 'api', 'early-requests.ts');
const START = 'exports.startEarlyRequests(location.pathname,[exports.CURRENT_USER_URL]);exports.recordAddress(location.pathname);';

/** The script's text: the module inside a function, then the start. */
function earlyScript() {
  return standaloneScript({ entry: SOURCE, start: START }).text;
}

class EarlyScriptPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let file = null;
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(SOURCE);
        const script = earlyScript();
        file = `early.${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
        compilation.emitAsset(file, new sources.RawSource(script));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        if (!file) return data;
        const publicPath = compilation.getAssetPath(compilation.outputOptions.publicPath ?? '', {});
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', { async: true, src: `${publicPath}${file}` }));
        return data;
      });
    });
  }
}

module.exports = { EarlyScriptPlugin, earlyScript };
