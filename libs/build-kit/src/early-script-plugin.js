'use strict';
/**
 * The shell's very first script: web-kit's early-requests.ts (it imports nothing), compiled on its own into
 * `early.<hash>.js` and named first in the page's head as an async script. Kept in the cache like every
 * hashed file, it runs as soon as the HTML names it, before the deferred app scripts are even evaluated,
 * so a reload's reads leave one step sooner. The shell's main script makes the same call; the second one
 * does nothing.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const swc = require('@swc/core');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'EarlyScriptPlugin';
const SOURCE = path.join(__dirname, '..', '..', 'web-kit', 'src', 'api', 'early-requests.ts');
const START = 'exports.startEarlyRequests(location.pathname,[exports.CURRENT_USER_URL]);exports.recordAddress(location.pathname);';

/** The script's text: the module as CommonJS inside a function, then the start. */
function earlyScript() {
  const { code } = swc.transformSync(fs.readFileSync(SOURCE, 'utf8'), {
    filename: SOURCE,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2019', minify: { compress: true, mangle: true } },
    module: { type: 'commonjs' },
    minify: true,
  });
  return `!function(){var exports={};${code}\n${START}}();\n`;
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
