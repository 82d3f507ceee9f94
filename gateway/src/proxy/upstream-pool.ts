import { Pool } from 'undici';
import { Admission, type WaitObserver } from './admission';

export interface UpstreamPoolOptions {
  /** Longest wait for response headers once the request is sent. */
  headersTimeoutMs: number;
  /** Longest pause between two chunks of a response body. */
  bodyTimeoutMs?: number;
  connectTimeoutMs?: number;
  connections?: number;
}

/** One keep-alive connection pool per upstream origin. */
export function createUpstreamPool(origin: string, options: UpstreamPoolOptions): Pool {
  return new Pool(origin, {
    connections: options.connections ?? 64,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    connect: { timeout: options.connectTimeoutMs ?? 3_000 },
  });
}

/** A pool and the admission in front of it: requests enter the admission, then use the pool. */
export interface Upstream {
  pool: Pool;
  admission: Admission;
}

export function createUpstream(
  origin: string,
  options: UpstreamPoolOptions & { connections: number; queueTimeoutMs: number; onWait?: WaitObserver },
): Upstream {
  return {
    pool: createUpstreamPool(origin, options),
    admission: new Admission(options.connections, options.queueTimeoutMs, undefined, options.onWait),
  };
}
