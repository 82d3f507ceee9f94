import { ConfigError } from '../config/parse-config';

/** The settings that decide whether a service records its audit trail. */
export interface AuditRecordingSettings {
  /** Benchmarks only: `npm run bench` measures the same routes without the trail in the same run. */
  BENCHMARK_WITHOUT_AUDIT: boolean;
  NODE_ENV: string;
}

export const BENCHMARK_WITHOUT_AUDIT_REFUSED =
  'BENCHMARK_WITHOUT_AUDIT: turns the audit trail off and is for benchmarks only; it is refused unless NODE_ENV=benchmark';

/**
 * Whether the service records audit entries: always, except in a benchmark that set BENCHMARK_WITHOUT_AUDIT to
 * measure the same routes without the trail. Refused (ConfigError) unless NODE_ENV is `benchmark`, so that a
 * deployment (whatever its NODE_ENV, or none) can never run without its trail.
 */
export function auditRecordingOf(settings: AuditRecordingSettings): boolean {
  if (!settings.BENCHMARK_WITHOUT_AUDIT) return true;
  if (settings.NODE_ENV !== 'benchmark') throw new ConfigError([BENCHMARK_WITHOUT_AUDIT_REFUSED]);
  return false;
}
