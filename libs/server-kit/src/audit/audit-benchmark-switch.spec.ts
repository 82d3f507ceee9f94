import { ConfigError } from '../config/parse-config';
import { baseServiceConfig } from '../config/service-config';
import { auditRecordingOf, BENCHMARK_WITHOUT_AUDIT_REFUSED } from './audit-benchmark-switch';

const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', INTERNAL_SECRET: 'x'.repeat(40) };

describe('auditRecordingOf', () => {
  it('records by default, in every environment', () => {
    expect(auditRecordingOf(baseServiceConfig.parse(env))).toBe(true);
    expect(auditRecordingOf(baseServiceConfig.parse({ ...env, NODE_ENV: 'production' }))).toBe(true);
  });

  it('records nothing in a benchmark that asks for it', () => {
    expect(
      auditRecordingOf(baseServiceConfig.parse({ ...env, BENCHMARK_WITHOUT_AUDIT: 'true', NODE_ENV: 'benchmark' })),
    ).toBe(false);
  });

  it.each(['production', 'development', undefined])(
    'refuses the benchmarks-only switch with NODE_ENV %s, saying why',
    (nodeEnv) => {
      const settings = baseServiceConfig.parse({
        ...env,
        BENCHMARK_WITHOUT_AUDIT: 'true',
        ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}),
      });
      expect(() => auditRecordingOf(settings)).toThrow(ConfigError);
      expect(() => auditRecordingOf(settings)).toThrow(BENCHMARK_WITHOUT_AUDIT_REFUSED);
    },
  );
});
