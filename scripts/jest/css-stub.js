// CSS imports in component tests: class names come back as their own keys (CSS modules) and plain
// stylesheet imports do nothing.
module.exports = new Proxy({}, { get: (_t, key) => (key === '__esModule' ? false : String(key)) });
