// The landing page's markup, printed at build time (src/prerender.tsx; see build-kit's shell-pages.js).
const { createPrerenderConfig } = require('@kcf/build-kit');

module.exports = createPrerenderConfig({ dir: __dirname, entry: 'src/prerender.tsx' });
