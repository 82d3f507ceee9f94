import type { IncomingHttpHeaders } from 'node:http';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus ones undici sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'http2-settings',
]);

/** Every header a client sends under this prefix is dropped: only the gateway may vouch for a user. */
const PRIVATE_PREFIX = 'x-kcf-';

export interface ForwardedFor {
  /** The client's address as this server saw it. */
  remoteAddress: string | undefined;
  /** Whether an X-Forwarded-For from the previous hop is believed (TRUST_PROXY). */
  trustIncoming: boolean;
  proto: string;
  host: string | undefined;
}

function connectionTokens(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The headers sent upstream: the client's, minus hop-by-hop ones, minus any x-kcf-* it tried to set,
 * minus the cookie when the service does not own sessions; plus forwarding information and `extra`
 * (request id, signed user context).
 */
export function buildUpstreamHeaders(
  incoming: IncomingHttpHeaders,
  forwarded: ForwardedFor,
  extra: Record<string, string>,
  options: { keepCookie: boolean },
): Record<string, string | string[]> {
  const dropped = new Set(connectionTokens(incoming.connection));
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(name) || dropped.has(name) || name.startsWith(PRIVATE_PREFIX)) continue;
    if (name.startsWith('x-forwarded-')) continue;
    if (name === 'cookie' && !options.keepCookie) continue;
    out[name] = value;
  }
  const previous = forwarded.trustIncoming ? incoming['x-forwarded-for'] : undefined;
  const chain = [previous, forwarded.remoteAddress].flat().filter((v): v is string => !!v);
  if (chain.length) out['x-forwarded-for'] = chain.join(', ');
  out['x-forwarded-proto'] = forwarded.proto;
  if (forwarded.host) out['x-forwarded-host'] = forwarded.host;
  for (const name in extra) out[name] = extra[name];
  return out;
}

/**
 * Response headers passed back to the client: not hop-by-hop ones (the server's own business), nor the
 * services' private `x-kcf-*` notes to the gateway.
 */
export function buildClientHeaders(upstream: IncomingHttpHeaders): Record<string, string | string[]> {
  const dropped = new Set(connectionTokens(upstream.connection));
  const out: Record<string, string | string[]> = {};
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(name) || dropped.has(name) || name.startsWith(PRIVATE_PREFIX)) continue;
    out[name] = value;
  }
  return out;
}
