import type { IncomingMessage } from 'node:http';
import { expressRouteOf } from '@kcf/server-kit/http';
import { pathOf } from '../proxy/middleware';
import { routeFor } from '../proxy/route-table';

/**
 * The `route` label of a request at the gateway, never a raw path with ids: a proxied request is named
 * by the service's path prefix (`/api/beneficiaries/*`; the service's own metrics have the exact template),
 * the gateway's own routes by their template, static files as `static`, anything unknown `unmatched`.
 */
export function gatewayRouteOf(req: IncomingMessage): string {
  const path = pathOf(req.url);
  const decision = routeFor(path);
  if (decision.kind === 'notFound') return 'unmatched';
  if (decision.kind === 'upstream') {
    const segments = path.split('/');
    const prefix = segments.slice(0, segments[1] === 'api' ? 3 : 2).join('/');
    return path.length > prefix.length ? `${prefix}/*` : prefix;
  }
  const route = expressRouteOf(req);
  if (route !== 'unmatched') return route;
  if (path === '/remotes' || path.startsWith('/remotes/')) return '/remotes/*';
  return 'static';
}
