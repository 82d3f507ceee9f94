import { Pool } from 'undici';

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
