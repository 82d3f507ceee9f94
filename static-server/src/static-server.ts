import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { sendJson } from './json-response';
import { createStaticHandler } from './static-files';

export type Env = Record<string, string | undefined>;

export const staticServerConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  HOST: z.string().default('127.0.0.1'),
  STATIC_DIR: z.string({ error: 'STATIC_DIR (the folder to serve) is required' }),
});
export type StaticServerConfig = z.infer<typeof staticServerConfigSchema>;

/**
 * Reads PORT, HOST and STATIC_DIR once, at start; empty strings count as unset, and every problem is
 * listed the way the other processes list theirs (`parseConfig` of @kcf/server-kit, which this small
 * package does not depend on: its image carries no NestJS).
 */
export function parseStaticServerConfig(env: Env = process.env): StaticServerConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = staticServerConfigSchema.safeParse(given);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`Invalid configuration:\n${issues.join('\n')}`);
}

/**
 * One remote's own static server (its team deploys it on its own): the gateway's caching and compression
 * rules, readable from any origin (script tags of the shell, a CDN in front), plus health routes.
 */
export async function startStaticServer(
  config: StaticServerConfig,
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const files = createStaticHandler({
    root: config.STATIC_DIR,
    headers: {
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    },
  });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health/live') return sendJson(res, 200, { status: 'ok' });
    if (path === '/health/ready') {
      return existsSync(config.STATIC_DIR)
        ? sendJson(res, 200, { status: 'ok' })
        : sendJson(res, 503, { message: 'Not ready' });
    }
    files(req, res, (error?: unknown) => {
      if (error) sendJson(res, 500, { message: 'Internal server error' });
      else sendJson(res, 404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
