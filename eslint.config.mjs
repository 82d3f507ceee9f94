// ESLint for every JavaScript and TypeScript file: a modest rule set without type information (fast on two
// cores) and the import boundaries of ARCHITECTURE.md ("Import boundaries"). `npm run lint` runs it.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = ['svc-identity', 'svc-beneficiaries', 'svc-finance'];
const REMOTES = ['mf-beneficiaries', 'mf-finance', 'mf-admin'];
const APPS = [...SERVICES, 'gateway', 'launcher', 'static-server', 'shell', ...REMOTES, 'e2e'];
const WEB = ['shell', ...REMOTES, 'libs/ui', 'libs/web-kit', 'libs/testing/src/web'];

/** Imports of another package, by its name (`@kcf/<app>`, any sub-path) or by a relative path into its folder. */
function packagesOut(names, message) {
  return names.map((name) => ({
    group: [`@kcf/${name}`, `@kcf/${name}/**`, `**/${name}/**`, `**/${name}`],
    message,
  }));
}

/** `no-restricted-imports` for the files of one area, with what it must not import. */
function boundary(files, patterns) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

const code = (dirs) => dirs.flatMap((dir) => [`${dir}/**/*.{ts,tsx,js,mjs,cjs}`]);

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-prerender/',
    '**/dist-standalone/',
    '**/coverage/',
    'test-results/',
    '**/playwright-report/',
    '.data/',
    '.bench/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // An empty catch is a deliberate best effort (a cleanup, a probe); any other empty block is a slip.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A binding a closure reads before its one assignment (a timer its own stop clears) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A leading underscore marks a parameter or binding kept on purpose (a callback's shape, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // CommonJS files (webpack configs, build-kit, jest's config) use require.
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: code(WEB),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The browser benchmark's page functions run in the page.
  {
    files: ['scripts/bench-web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },

  // Import boundaries: each app deploys alone, so the code that ships with it reaches other apps only over
  // the network (services, gateway) or through the shell's module federation (remotes).
  ...SERVICES.map((service) =>
    boundary(
      code([`${service}/src`]),
      packagesOut(
        SERVICES.filter((other) => other !== service),
        'A service never imports another service: it calls it through INTERNAL or learns from its events.',
      ).concat(packagesOut(['gateway', 'launcher'], 'A service never imports the gateway or the launcher.')),
    ),
  ),
  // A service's integration test may start another service as the real peer, through its package entry only.
  ...SERVICES.map((service) =>
    boundary(
      code([`${service}/test`]),
      SERVICES.filter((other) => other !== service).map((other) => ({
        group: [`**/${other}`, `**/${other}/**`, `!@kcf/${other}`],
        message: "A service's test starts another service through its package entry, never its source files.",
      })),
    ),
  ),
  boundary(
    code(['gateway']),
    packagesOut([...SERVICES, 'launcher'], 'The gateway imports no service: it forwards to them over HTTP.'),
  ),
  boundary(
    code(['static-server']),
    packagesOut([...SERVICES, 'gateway', 'launcher'], 'The static server imports neither the gateway nor a service.'),
  ),
  ...REMOTES.map((remote) =>
    boundary(
      code([remote]),
      packagesOut(
        REMOTES.filter((other) => other !== remote),
        'A remote never imports another remote: the shell composes them.',
      ).concat(packagesOut(['shell'], 'A remote never imports the shell: it is loaded by it.')),
    ),
  ),
  boundary(
    code(['libs']),
    packagesOut(APPS, 'A library never imports an app: the apps depend on the libraries, not the other way.'),
  ),
]);
