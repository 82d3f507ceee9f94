import type { Dispatcher } from 'undici';

export interface ReadinessProbe {
  name: string;
  check(): Promise<boolean>;
}

/** Ready when the upstream answers 2xx on its own readiness route within the time limit. */
export function upstreamProbe(
  name: string,
  dispatcher: Dispatcher,
  path = '/health/ready',
  timeoutMs = 2000,
): ReadinessProbe {
  return {
    name,
    async check() {
      try {
        const res = await dispatcher.request({
          method: 'GET',
          path,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body.dump();
        return res.statusCode >= 200 && res.statusCode < 300;
      } catch {
        return false;
      }
    },
  };
}
