'use strict';
/**
 * One webpack configuration for the shell (host) and every remote.
 *
 * Production output: content-hashed chunks (served immutable), an unhashed `remoteEntry.js`
 * and `index.html` (served no-cache), extracted CSS, `.gz` and `.br` siblings of every text
 * asset over 1 KiB, and `stats.json` for the size budget (budgets.js).
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { sharedConfig } = require('./shared-deps');
const { EarlyScriptPlugin } = require('./early-script-plugin');
const { ShellWorkerPlugin } = require('./shell-worker-plugin');
const { FederationStatsPlugin } = require('./federation-stats-plugin');
const { RouterImportGuardPlugin } = require('./router-import-guard-plugin');
const { PureSchemasPlugin } = require('./pure-schemas-plugin');
const { ROUTER_FACADE } = require('./shared-router');
const { ZOD_FACADE } = require('./shared-zod');
const { indexHtml } = require('./index-html');
const { swcRule } = require('./swc-rule');
const { createPrerenderConfig } = require('./prerender-config');

const TEXT_ASSET = /\.(js|css|html|svg|json|txt)$/i;
const COMPRESS_THRESHOLD = 1024;
const PRODUCT_TITLE = "Kakamega Children's Foundation";
const PRODUCT_DESCRIPTION =
  "Beneficiary management for a children's education foundation. It Takes A Village To Raise A Child.";

/**
 * Entry chunks are content-hashed too, but the federation runtime asks for its own chunk's file
 * name while webpack is still computing hashes (module-federation/core#5077, webpack 5.111).
 * Until the hash exists the name is given without it; the folder depth, all it needs, is the same.
 */
function entryFilename(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * Each shared npm library gets one named chunk, whichever import reaches it first (the shell's
 * own provider or a consumer's fallback), so a library is never emitted twice.
 */
const VENDOR_CHUNKS = {
  react: 'react',
  'react-dom': 'react-dom',
  scheduler: 'react-dom',
  'react-router': 'react-router',
  'react-router-dom': 'react-router',
  cookie: 'react-router',
  'set-cookie-parser': 'react-router',
  '@tanstack/react-query': 'react-query',
  '@tanstack/query-core': 'react-query',
  zod: 'zod',
};
const NODE_MODULES_PACKAGE = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;

function vendorChunkName(module) {
  const resource = module.nameForCondition?.() ?? '';
  if (resource === ROUTER_FACADE) return 'react-router';
  if (resource === ZOD_FACADE) return 'zod';
  const match = NODE_MODULES_PACKAGE.exec(resource);
  return match ? (VENDOR_CHUNKS[match[1].replace('\\', '/')] ?? null) : null;
}

/** webpack's own CSS minifier, reached through webpack's minimizer plugin (no extra dependency). */
function cssMinimizer() {
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [require.resolve('webpack')] }));
  return new MinimizerPlugin({ test: /\.css$/i, minify: require('webpack/lib/css/cssMinify') });
}

function compressionPlugins() {
  const common = {
    test: TEXT_ASSET,
    exclude: /^stats\.json$/,
    threshold: COMPRESS_THRESHOLD,
    minRatio: Number.POSITIVE_INFINITY,
  };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
  ];
}

/**
 * @param {object} options
 * @param {string} options.name federation container name (`shell`, `mf_finance`, ...)
 * @param {string} options.dir the app's folder (holds package.json and src/)
 * @param {Record<string, string>} [options.exposes] remote only: public name -> module path
 * @param {boolean} [options.isHost] the shell
 * @param {boolean} [options.standalone] remote only: build a page that runs the remote on its
 *   own (development), bundling its own React and federation runtime, into `dist-standalone/`
 * @param {'production' | 'development'} [options.mode]
 */
function createWebConfig({ name, dir, exposes, isHost = false, standalone = false, mode = 'production' }) {
  if (!name || !dir) throw new Error('createWebConfig needs { name, dir }');
  if (!isHost && (!exposes || Object.keys(exposes).length === 0)) throw new Error(`remote ${name} exposes nothing`);
  const production = mode === 'production';
  // The shell provides the singletons and the federation runtime; a federated remote only borrows them.
  const ownsRuntime = isHost || standalone;
  const withPage = isHost || standalone;
  const entryFile = path.join(dir, 'src', 'index.ts');
  if (withPage && !fs.existsSync(entryFile)) throw new Error(`${entryFile} is missing`);

  return {
    mode,
    context: dir,
    target: 'web',
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: withPage ? { main: entryFile } : {},
    output: {
      path: path.join(dir, standalone ? 'dist-standalone' : 'dist'),
      filename: entryFilename,
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      conditionNames: ['source', 'browser', 'import', 'require', 'default'],
    },
    module: {
      rules: [
        swcRule(),
        // The contracts library is schemas and constants only: let unused parts (and zod) drop out.
        { test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        { test: /\.css$/i, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
        {
          test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/i,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
        },
      ],
    },
    optimization: {
      minimizer: ['...', cssMinimizer()],
      splitChunks: {
        cacheGroups: {
          sharedVendors: {
            test: (module) => vendorChunkName(module) !== null,
            name: (module) => vendorChunkName(module),
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
        shared: sharedConfig({ dir, bundleSingletons: ownsRuntime }),
        // Load a remote's entry only when one of its modules is asked for.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : standalone ? {} : { externalRuntime: true }),
          // Remotes are plain remoteEntry.js files (no mf-manifest snapshots), in browsers only.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
      ...(withPage
        ? [
            new HtmlWebpackPlugin({
              inject: false,
              templateContent: indexHtml({ title: PRODUCT_TITLE, description: PRODUCT_DESCRIPTION }),
            }),
          ]
        : []),
      ...(isHost ? [new EarlyScriptPlugin(), new ShellWorkerPlugin()] : []),
      ...(production ? compressionPlugins() : []),
      new RouterImportGuardPlugin(),
      new PureSchemasPlugin(),
      new FederationStatsPlugin({ name, isHost }),
    ],
  };
}

module.exports = { createWebConfig, createPrerenderConfig };
