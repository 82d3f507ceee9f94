import { join } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedConfig, SINGLETONS } = require('./shared-deps.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ROUTER_FACADE } = require('./shared-router.js');

const shellDir = join(__dirname, '../../../shell');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shellDeps = require(join(shellDir, 'package.json')).dependencies;

describe('sharedConfig', () => {
  it('shares every singleton with the version range the app declares, never eagerly', () => {
    const shared = sharedConfig({ dir: shellDir, bundleSingletons: true });
    expect(Object.keys(shared)).toEqual(SINGLETONS);
    expect(shared.react).toEqual({ singleton: true, requiredVersion: shellDeps.react });
    expect(shared['react/jsx-runtime'].requiredVersion).toBe(shellDeps.react);
    expect(shared['@kcf/ui'].requiredVersion).toBe(shellDeps['@kcf/ui']);
    for (const config of Object.values(shared)) expect(config).not.toHaveProperty('eager');
  });

  it('provides the router subset under the real package version', () => {
    const router = sharedConfig({ dir: shellDir, bundleSingletons: true })['react-router-dom'];
    expect(router).toMatchObject({
      singleton: true,
      import: ROUTER_FACADE,
      requiredVersion: shellDeps['react-router-dom'],
    });
    expect(router.version).toMatch(/^7\./);
  });

  it('declares the installed version of every singleton the shell provides from a facade (else the runtime reads version 0)', () => {
    const shared = sharedConfig({ dir: shellDir, bundleSingletons: true });
    const facades = Object.entries(shared).filter(
      ([, config]) => typeof (config as { import?: unknown }).import === 'string',
    );
    expect(facades.map(([key]) => key).sort()).toEqual(['react-router-dom', 'zod']);
    for (const [key, config] of facades) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const installed = require(`${key}/package.json`).version;
      expect([key, (config as { version?: string }).version]).toEqual([key, installed]);
    }
    expect(shared.zod.version).toMatch(/^4\./);
  });

  it('lets a federated remote borrow every singleton instead of bundling one', () => {
    const shared = sharedConfig({ dir: join(__dirname, '../../../mf-finance'), bundleSingletons: false });
    for (const key of SINGLETONS) expect(shared[key].import).toBe(false);
  });
});
