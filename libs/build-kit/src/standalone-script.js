'use strict';
/**
 * A script that runs on its own, outside webpack's runtime (the shell's first script, its service worker):
 * TypeScript sources compiled with swc to CommonJS, the entry and the modules it imports (by the exact
 * specifier it imports them with) wrapped in one function, then `start` with the entry's exports as `exports`.
 * A specifier not given fails the build.
 */
const fs = require('node:fs');
const swc = require('@swc/core');

function compile(file) {
  const { code } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2019', minify: { compress: true, mangle: true } },
    module: { type: 'commonjs' },
    minify: true,
  });
  return code;
}

/**
 * @param {{ entry: string, modules?: Record<string, string>, start: string }} o `modules`: specifier -> file
 * @returns {{ text: string, files: string[] }} the script and every file it was built from
 */
function standaloneScript({ entry, modules = {}, start }) {
  const entryCode = compile(entry);
  const compiled = Object.entries(modules).map(([specifier, file]) => [specifier, file, compile(file)]);
  for (const [file, code] of [[entry, entryCode], ...compiled.map(([, f, c]) => [f, c])]) {
    for (const match of code.matchAll(/require\("([^"]+)"\)/g)) {
      if (!(match[1] in modules)) throw new Error(`${file} imports ${match[1]}, which a standalone script cannot load`);
    }
  }
  const table = compiled
    .map(([specifier, , code]) => `${JSON.stringify(specifier)}:function(exports){${code}\n}`)
    .join(',');
  const loader = `var modules={${table}},loaded={};function require(n){if(!loaded[n]){loaded[n]={};modules[n](loaded[n])}return loaded[n]}`;
  const text = `!function(){${loader};var exports={};${entryCode}\n${start}}();\n`;
  return { text, files: [entry, ...Object.values(modules)] };
}

module.exports = { standaloneScript };
