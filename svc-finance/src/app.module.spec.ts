import type { DynamicModule } from '@nestjs/common';
import { FinanceModule } from './app.module';
import { parseFinanceConfig } from './config';

/**
 * The app module only puts the service together: each feature's module owns its providers, controllers and
 * exports, so a new route or provider touches its feature's module and nothing shared.
 */
describe('FinanceModule', () => {
  const root: DynamicModule = FinanceModule.forRoot(
    parseFinanceConfig({ DATABASE_URL: 'postgres://localhost/finance', INTERNAL_SECRET: 'x'.repeat(32) }),
  );
  const declared = (key: 'providers' | 'controllers') => [
    ...((Reflect.getMetadata(key, FinanceModule) as unknown[] | undefined) ?? []),
    ...(root[key] ?? []),
  ];

  it('declares no provider and no controller of its own', () => {
    expect(declared('providers')).toEqual([]);
    expect(declared('controllers')).toEqual([]);
  });

  it('imports only modules', () => {
    const notModules = (root.imports ?? []).filter(
      (m) =>
        !('module' in Object(m)) &&
        Reflect.getMetadata('imports', m as object) === undefined &&
        Reflect.getMetadata('providers', m as object) === undefined,
    );
    expect(notModules).toEqual([]);
    expect(root.exports ?? []).toEqual([]);
  });
});
