'use strict';
/**
 * A Node build of one module of an app, run at build time to print markup (see shell-pages.js). It
 * compiles the app's sources the way the browser build does (same loader, the same router facade under
 * 'react-router-dom') and ignores styles, which the page step takes from the browser build.
 */
const path = require('node:path');
const webpack = require('webpack');
const { swcRule } = require('./swc-rule');
const { ROUTER_FACADE, ROUTER_SHARE_KEY } = require('./shared-router');

const PRERENDER_DIR = 'dist-prerender';

/**
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {string} options.entry module to build, relative to dir (it exports what the page step calls)
 */
function createPrerenderConfig({ dir, entry }) {
  return {
    mode: 'production',
    context: dir,
    target: 'node',
    devtool: false,
    entry: { prerender: path.join(dir, entry) },
    output: { path: path.join(dir, PRERENDER_DIR), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      conditionNames: ['source', 'node', 'import', 'require', 'default'],
      alias: { [`${ROUTER_SHARE_KEY}$`]: ROUTER_FACADE },
    },
    module: {
      rules: [swcRule(), { test: /\.css$/i, type: 'asset/source' }],
    },
    optimization: { minimize: false },
    // One file: the page step requires it and calls it once.
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    // react-router's Node build resolves some of its own modules by expression; nothing here needs them.
    ignoreWarnings: [/Critical dependency: the request of a dependency is an expression/],
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

module.exports = { createPrerenderConfig, PRERENDER_DIR };
