'use strict';
/**
 * The shell's service worker: shell/src/worker/shell-worker.ts and the modules it imports (contracts'
 * app-pages.ts and page-manifest.ts), compiled on their own into `sw.js`. Its name never changes (a worker is found again by its
 * address); the static servers send it to be revalidated on each use, like index.html.
 */
const path = require('node:path');
const { standaloneScript } = require('./standalone-script');

const NAME = 'ShellWorkerPlugin';
const LIBS = path.join(__dirname, '..', '..');
const ENTRY = path.join(LIBS, '..', 'shell', 'src', 'worker', 'shell-worker.ts');
const MODULES = {
  '@kcf/contracts/app-pages': path.join(LIBS, 'contracts', 'src', 'common', 'app-pages.ts'),
  '@kcf/contracts/page-manifest': path.join(LIBS, 'contracts', 'src', 'common', 'page-manifest.ts'),
};
/** The worker's file, at the root of the shell's folder. */
const FILE = 'sw.js';

/** The worker's text and the files it is built from. */
function shellWorkerScript() {
  return standaloneScript({ entry: ENTRY, modules: MODULES, start: 'exports.startShellWorker(self);' });
}

class ShellWorkerPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const { text, files } = shellWorkerScript();
        for (const file of files) compilation.fileDependencies.add(file);
        compilation.emitAsset(FILE, new sources.RawSource(text));
      });
    });
  }
}

module.exports = { ShellWorkerPlugin, shellWorkerScript };
