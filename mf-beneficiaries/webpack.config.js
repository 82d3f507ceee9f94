// mf_beneficiaries: a remote loaded by the shell. `--env standalone` builds a page that runs it on its own.
const { createWebConfig } = require('@kcf/build-kit');

module.exports = (env = {}, argv = {}) =>
  createWebConfig({
    name: 'mf_beneficiaries',
    dir: __dirname,
    exposes: {
      './BeneficiariesPage': './src/exposes/BeneficiariesPage.tsx',
      './BeneficiaryDetailPage': './src/exposes/BeneficiaryDetailPage.tsx',
      './GiftsPage': './src/exposes/GiftsPage.tsx',
    },
    standalone: Boolean(env.standalone),
    mode: argv.mode,
  });
