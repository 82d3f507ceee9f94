import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyUserContext, type UserContext } from '@kcf/server-kit/http';

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

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** Answers a request (returns true) or passes it on; runs once the body is in, unless made with `atHeaders`. */
export type Route = ((req: IncomingMessage, res: ServerResponse, body: Buffer | null) => boolean) & {
  atHeaders?: boolean;
};

/** A route that answers as soon as the request's headers are in, without reading its body. */
export function atHeaders(route: (req: IncomingMessage, res: ServerResponse) => boolean): Route {
  return Object.assign((req: IncomingMessage, res: ServerResponse) => route(req, res), { atHeaders: true });
}

/** The header a test sets to have a stand-in answer early, with the status it names. */
export const EARLY_ANSWER_HEADER = 'x-test-early-answer';

/**
 * Answers the status a request names in EARLY_ANSWER_HEADER (JSON naming the service and the path) the
 * moment its headers arrive, its body unread, as a service refuses an upload (401, 403, 413, 415).
 */
export function earlyAnswerRoute(upstream: string): Route {
  return atHeaders((req, res) => {
    const status = Number(req.headers[EARLY_ANSWER_HEADER]);
    if (!status) return false;
    json(res, status, { message: `early ${status}`, upstream, url: req.url });
    return true;
  });
}

/** Holds every request whose path starts with `prefix` until `release()`, then echoes each with 200. */
export interface HoldingRoute {
  route: Route;
  held(): number;
  /** Resolves once `count` requests are being held. */
  waitForHeld(count: number): Promise<void>;
  release(): void;
}

export function holdingRoute(prefix: string): HoldingRoute {
  const waiting: { res: ServerResponse; url: string }[] = [];
  const events = new EventEmitter();
  let released = false;
  const route: Route = (req, res) => {
    if (!(req.url ?? '').startsWith(prefix)) return false;
    if (released) {
      json(res, 200, { url: req.url, held: false });
      return true;
    }
    waiting.push({ res, url: req.url ?? '' });
    events.emit('held', waiting.length);
    return true;
  };
  return {
    route,
    held: () => waiting.length,
    waitForHeld: (count) =>
      new Promise((resolve) => {
        if (waiting.length >= count) return resolve();
        const on = (n: number) => {
          if (n < count) return;
          events.off('held', on);
          resolve();
        };
        events.on('held', on);
      }),
    release() {
      released = true;
      for (const { res, url } of waiting.splice(0)) if (!res.destroyed) json(res, 200, { url, held: true });
    },
  };
}

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
    for (const route of routes) if (route.atHeaders && route(req, res, null)) return;
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
      for (const route of routes) if (!route.atHeaders && route(req, res, body)) return;
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
export function internalRoute(
  method: string,
  path: string,
  answer: (body: Buffer | null) => { status: number; body: unknown },
): Route {
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

/**
 * Answers `path` (any query string) only for a signed user context, as a service's public route does:
 * 401 without a valid signature, 403 for the system context; `answer` gets the user and the full URL.
 */
export function userRoute(
  method: string,
  path: string,
  answer: (ctx: UserContext, url: URL) => { status: number; body: unknown },
): Route {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== method || url.pathname !== path) return false;
    const ctx = verifyUserContext(req.headers, SECRET);
    if (!ctx) json(res, 401, { message: 'Unauthorized' });
    else if (ctx.role === 'system') json(res, 403, { message: 'Forbidden' });
    else {
      const a = answer(ctx, url);
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
export async function startIdentityStandIn(extraRoutes: Route[] = []): Promise<IdentityStandIn> {
  const sessions = new Map<string, FakeUser>();
  let calls = 0;
  const routes: Route[] = [
    internalRoute('POST', '/internal/sessions/resolve', (body) => {
      calls++;
      const { sessionId } = JSON.parse(body?.toString() ?? '{}') as { sessionId?: string };
      const user = sessionId ? sessions.get(sessionId) : undefined;
      if (!user) return { status: 401, body: { message: 'Unauthorized' } };
      return {
        status: 200,
        body: { sessionId: `hash-of-${sessionId}`, user: { ...user, username: user.id, isActive: true } },
      };
    }),
    (req, res) => {
      if (req.method !== 'POST' || req.url !== '/api/login/local') return false;
      sessions.set('fresh-session', { id: 'u-login', role: 'viewer', beneficiaryId: null, mustChangePassword: false });
      json(
        res,
        200,
        { user: { id: 'u-login' }, context: verifyUserContext(req.headers, SECRET) },
        {
          'set-cookie': ['kcf_sid=fresh-session; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/'],
        },
      );
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
  const base = await startEchoService('identity', [...extraRoutes, ...routes]);
  return { ...base, sessions, resolveCalls: () => calls };
}
