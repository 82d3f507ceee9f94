// mf_finance: a remote loaded by the shell. `--env standalone` builds a page that runs it on its own.
const { createWebConfig } = require('@kcf/build-kit');

module.exports = (env = {}, argv = {}) =>
  createWebConfig({
    name: 'mf_finance',
    dir: __dirname,
    exposes: {
      './FinancesPage': './src/exposes/FinancesPage.tsx',
      './BudgetPage': './src/exposes/BudgetPage.tsx',
    },
    standalone: Boolean(env.standalone),
    mode: argv.mode,
  });
