// One jest run, two projects: fast unit specs beside the code, integration specs against real servers.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
// server-kit's topics by sub-path ('@kcf/server-kit/http', '/database', '/messaging', ...), from source: its package.json "exports".
const serverKitTopics = Object.fromEntries(
  Object.entries(require('./libs/server-kit/package.json').exports)
    .filter(([path]) => path !== '.')
    .map(([path, entry]) => [
      `^@kcf/server-kit/${path.slice(2)}$`,
      `<rootDir>/libs/server-kit/${entry.source.replace(/^\.\//, '')}`,
    ]),
);
const moduleNameMapper = {
  ...serverKitTopics,
  '\\.css$': '<rootDir>/scripts/jest/css-stub.js',
  '^@kcf/(contracts|server-kit|testing|web-kit|ui)$': '<rootDir>/libs/$1/src',
  // The apps by package name, from source (the launcher's tests start the gateway and the services in jest).
  '^@kcf/(static-server|gateway|svc-identity|svc-beneficiaries|svc-finance|launcher)$': '<rootDir>/$1/src',
  // Sub-path entries of the browser libraries: '@kcf/testing/web', '@kcf/ui/icons', '@kcf/web-kit/standalone'.
  '^@kcf/(testing|web-kit|ui)/([\\w-]+)$': '<rootDir>/libs/$1/src/$2',
  // The dependency-free modules of the contracts the shell's first script and service worker are built with.
  '^@kcf/contracts/(app-pages|page-manifest|calendar)$': '<rootDir>/libs/contracts/src/common/$1',
};
// ESM-only packages are compiled to CommonJS for jest (Node runs them natively through require(esm)).
const esmPackages = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  '@borewit',
  'uint8array-extras',
  'peek-readable',
  'openid-client',
  'oauth4webapi',
  'jose',
  'oidc-provider',
  'lucide-react',
];
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      // The browser specs' jsdom lacks what react-router needs; one setup for every spec (a no-op in Node).
      setupFiles: ['<rootDir>/libs/testing/src/web/jsdom-polyfills.ts'],
      testMatch: ['<rootDir>/**/src/**/*.spec.ts', '<rootDir>/**/src/**/*.spec.tsx'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.int-spec.ts'],
    },
  ],
  // Integration specs start real servers; jest reads the timeout only at the top level.
  testTimeout: 60000,
};
