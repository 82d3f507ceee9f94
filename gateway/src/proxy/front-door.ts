import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { sendJson } from '@kcf/static-server';
import type { ShutdownState } from './forward';
import { pathOf, type Middleware } from './middleware';
import type { createProxyHandler } from './proxy-handler';
import { routeFor } from './route-table';

export interface FrontDoorDeps {
  /** Run in this order on every proxied request (request id, security headers, cross-origin check). */
  guards: Middleware[];
  proxy: ReturnType<typeof createProxyHandler>;
}

/**
 * Takes the public API before express sees it: a service's path is checked and proxied here, an unknown
 * /api path or /internal is refused here, and only the gateway's own paths (pages, remotes, dashboard,
 * health) continue to express and Nest. Express's per-request setup costs more than the proxying itself
 * (measured in bench/proxy.bench.mjs), so the hot path skips it.
 */
export function createFrontDoor(deps: FrontDoorDeps) {
  const { guards, proxy } = deps;
  return function frontDoor(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const route = routeFor(pathOf(req.url));
    if (route.kind === 'gateway') return next();
    let i = 0;
    const step = (error?: unknown): void => {
      if (error) return sendJson(res, 500, { message: 'Internal server error' });
      const guard = guards[i++];
      if (guard) return guard(req, res, step);
      if (route.kind === 'notFound') return sendJson(res, 404, { message: 'Not found' });
      proxy(req, res, route);
    };
    step();
  };
}

/**
 * Puts `frontDoor` in front of the server's existing request listener (the express app). Once the
 * gateway is shutting down, every answer says `Connection: close`.
 */
export function installFrontDoor(
  server: Server,
  frontDoor: ReturnType<typeof createFrontDoor>,
  shutdown: ShutdownState,
): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (shutdown.closing) res.setHeader('connection', 'close');
    frontDoor(req, res, () => {
      for (const listener of listeners) listener.call(server, req, res);
    });
  });
}
