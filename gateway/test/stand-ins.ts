import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyUserContext, type UserContext } from '@kcf/server-kit';

export const SECRET = 'gateway-test-secret-'.padEnd(48, 'z');

/** What a stand-in service saw of one request. */
export interface Echo {
  upstream: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  context: UserContext | null;
  bodyBytes: number;
  bodySha256: string;
}

export interface StandIn {
  name: string;
  url: string;
  /** Emits 'first-body-chunk' (with the request url) when a request body starts arriving. */
  events: EventEmitter;
  received: Echo[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer | null) => boolean;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A tiny real HTTP server standing in for a domain service: it verifies the signed context the way the
 * services do and echoes what it received (headers, context, body size and hash, streamed as it arrives).
 */
export async function startEchoService(name: string, routes: Route[] = []): Promise<StandIn> {
  const events = new EventEmitter();
  const received: Echo[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/health/ready') return json(res, 200, { status: 'ok' });
    const hash = createHash('sha256');
    let bytes = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      if (bytes === 0) events.emit('first-body-chunk', req.url);
      bytes += chunk.length;
      hash.update(chunk);
      if (bytes < 64 * 1024) chunks.push(chunk);
    });
    req.on('end', () => {
      const body = bytes > 0 && bytes < 64 * 1024 ? Buffer.concat(chunks) : null;
      for (const route of routes) if (route(req, res, body)) return;
      const echo: Echo = {
        upstream: name,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        context: verifyUserContext(req.headers, SECRET),
        bodyBytes: bytes,
        bodySha256: hash.digest('hex'),
      };
      received.push(echo);
      json(res, 200, echo);
    });
  });
  const url = await listen(server);
  return {
    name,
    url,
    events,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers only when the caller is a signed system context (as a service's `internal` route does). */
export function internalRoute(method: string, path: string, answer: (body: Buffer | null) => { status: number; body: unknown }): Route {
  return (req, res, body) => {
    if (req.method !== method || req.url !== path) return false;
    const ctx = verifyUserContext(req.headers, SECRET);
    if (!ctx) json(res, 401, { message: 'Unauthorized' });
    else if (ctx.role !== 'system') json(res, 403, { message: 'Forbidden' });
    else {
      const a = answer(body);
      json(res, a.status, a.body);
    }
    return true;
  };
}

export interface FakeUser {
  id: string;
  role: 'viewer' | 'admin' | 'superadmin' | 'beneficiary';
  beneficiaryId: string | null;
  mustChangePassword: boolean;
}

export interface IdentityStandIn extends StandIn {
  sessions: Map<string, FakeUser>;
  resolveCalls(): number;
}

/** Identity: resolves sessions for the gateway, sets the session cookie on login, ends it on logout. */
export async function startIdentityStandIn(): Promise<IdentityStandIn> {
  const sessions = new Map<string, FakeUser>();
  let calls = 0;
  const routes: Route[] = [
    internalRoute('POST', '/internal/sessions/resolve', (body) => {
      calls++;
      const { sessionId } = JSON.parse(body?.toString() ?? '{}') as { sessionId?: string };
      const user = sessionId ? sessions.get(sessionId) : undefined;
      if (!user) return { status: 401, body: { message: 'Unauthorized' } };
      return { status: 200, body: { sessionId: `hash-of-${sessionId}`, user: { ...user, username: user.id, isActive: true } } };
    }),
    (req, res) => {
      if (req.method !== 'POST' || req.url !== '/api/login/local') return false;
      sessions.set('fresh-session', { id: 'u-login', role: 'viewer', beneficiaryId: null, mustChangePassword: false });
      json(res, 200, { user: { id: 'u-login' }, context: verifyUserContext(req.headers, SECRET) }, {
        'set-cookie': ['kcf_sid=fresh-session; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/'],
      });
      return true;
    },
    (req, res) => {
      if (req.method !== 'POST' || req.url !== '/api/logout/local') return false;
      const sid = /kcf_sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      if (sid) sessions.delete(sid);
      json(res, 200, { message: 'Signed out' }, { 'set-cookie': 'kcf_sid=; Path=/; Max-Age=0' });
      return true;
    },
  ];
  const base = await startEchoService('identity', routes);
  return { ...base, sessions, resolveCalls: () => calls };
}
