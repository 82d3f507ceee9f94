'use strict';
/** TypeScript and JSX through swc, for the browser builds and the build-time Node builds alike. */
function swcRule() {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2019',
        },
        module: { type: 'es6' },
      },
    },
  };
}

module.exports = { swcRule };
