// The shell: the host page. Remotes are found at run time through /remotes.json.
const { createWebConfig } = require('@kcf/build-kit');

module.exports = (_env = {}, argv = {}) =>
  createWebConfig({ name: 'shell', dir: __dirname, isHost: true, mode: argv.mode });
