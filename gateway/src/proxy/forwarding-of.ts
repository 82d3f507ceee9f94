import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ForwardedFor } from './forward-headers';

/** Whether the hop at `address` is a proxy whose X-Forwarded-* headers are believed (express's compiled `trust proxy`). */
export type TrustFn = (address: string | undefined, hop: number) => boolean;

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  const comma = v.indexOf(',');
  return (comma === -1 ? v : v.slice(0, comma)).trim() || undefined;
}

/**
 * The scheme, host and client address of a request, read the way express reads them under its
 * `trust proxy` setting (so the gateway's own routes and the proxy agree), without needing express.
 */
export function forwardingOf(req: IncomingMessage, trust: TrustFn): ForwardedFor {
  const remoteAddress = req.socket.remoteAddress;
  const trustIncoming = trust(remoteAddress, 0);
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const proto = (trustIncoming && first(req.headers['x-forwarded-proto'])) || own;
  const host = (trustIncoming && first(req.headers['x-forwarded-host'])) || req.headers.host;
  return { remoteAddress, trustIncoming, proto, host };
}
