// mf_admin: a remote loaded by the shell. `--env standalone` builds a page that runs it on its own.
const { createWebConfig } = require('@kcf/build-kit');

module.exports = (env = {}, argv = {}) =>
  createWebConfig({
    name: 'mf_admin',
    dir: __dirname,
    exposes: {
      './UsersPage': './src/exposes/UsersPage.tsx',
      './AuditLogPage': './src/exposes/AuditLogPage.tsx',
      './DataRequestsPage': './src/exposes/DataRequestsPage.tsx',
    },
    standalone: Boolean(env.standalone),
    mode: argv.mode,
  });
