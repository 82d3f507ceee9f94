import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyUserContext, type RunningService, type SessionRevocations } from '@kcf/server-kit';
import { createTestDatabase, startNatsServer, uniqueName, type TestDatabase, type TestNatsServer } from '@kcf/testing';
// jest maps these package names to the source, not the built `dist/`.
import { parseGatewayConfig, startGateway, type RunningGateway } from '@kcf/gateway';
import { parseIdentityConfig, startIdentityService } from '@kcf/svc-identity';

export const SECRET = 'session-revocation-secret-'.padEnd(48, 'r');
export const ROOT = { username: 'root', password: 'Str0ng!Pass' };

/** A long cache time, so that an answer served from the cache cannot be mistaken for one that expired. */
const CACHE_MS = '60000';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  cookie: string | null;
}

/** One HTTP call without connection reuse; `cookie` is sent as is. */
export function send(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Reply> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const setCookie = ([] as string[])
            .concat(res.headers['set-cookie'] ?? [])
            .find((c) => c.startsWith('kcf_sid=') && !c.startsWith('kcf_sid=;'));
          let body: Record<string, unknown>;
          try {
            body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            body = { text };
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            cookie: setCookie ? setCookie.split(';')[0] : null,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/**
 * Stands in for beneficiaries and finance: trusts nothing but the signed context, as the services do. 200
 * `{userId, role}` with a valid one, 401 without (the gateway found no live session).
 */
async function startDomainStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/health/ready') return json(res, 200, { status: 'ok' });
      const context = verifyUserContext(req.headers, SECRET);
      if (!context) return json(res, 401, { message: 'Unauthorized' });
      json(res, 200, { userId: context.userId, role: context.role });
    });
  });
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

/** Forwards everything to identity and counts the gateway's session lookups (POST /internal/sessions/resolve). */
async function startCountingForwarder(
  target: string,
): Promise<{ url: string; resolveCalls(): number; close(): Promise<void> }> {
  const to = new URL(target);
  let calls = 0;
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/internal/sessions/resolve') calls += 1;
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => json(res, 502, { message: 'identity is down' }));
    req.pipe(upstream);
  });
  const url = await listen(server);
  return { url, resolveCalls: () => calls, close: () => closeServer(server) };
}

export interface RevocationStack {
  nats: TestNatsServer;
  /** The NATS_SUBJECT_PREFIX of this stack (its own, so parallel test files never hear each other). */
  prefix: string;
  identity: RunningService;
  /** Session lookups the gateways made so far. */
  resolveCalls(): number;
  /** A gateway in front of this identity; `env` adds to or overrides its settings (NATS_URL: '' drops NATS). */
  startGateway(
    env?: Record<string, string>,
    options?: { sessionRevocations?: SessionRevocations },
  ): Promise<RunningGateway>;
  stop(): Promise<void>;
}

/** A real svc-identity on a fresh database and a fresh NATS, the stand-in domain service, and gateways on demand. */
export async function startRevocationStack(): Promise<RevocationStack> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  };
  try {
    const nats = await startNatsServer();
    cleanups.push(() => nats.stop());
    const db: TestDatabase = await createTestDatabase('gw_revoke');
    cleanups.push(() => db.drop());
    const prefix = uniqueName('rev')
      .replace(/[^a-z0-9_]/gi, '_')
      .toLowerCase();
    const identity = await startIdentityService(
      parseIdentityConfig({
        DATABASE_URL: db.url,
        INTERNAL_SECRET: SECRET,
        HOST: '127.0.0.1',
        PORT: '0',
        ADMIN_USERNAME: ROOT.username,
        ADMIN_PASSWORD: ROOT.password,
        LOG_LEVEL: 'error',
        OUTBOX_POLL_MS: '200',
        NATS_URL: nats.url,
        NATS_STREAM: prefix.toUpperCase(),
        NATS_SUBJECT_PREFIX: prefix,
      }),
      { shutdownHooks: false },
    );
    cleanups.push(() => identity.close());
    const forwarder = await startCountingForwarder(identity.url);
    cleanups.push(() => forwarder.close());
    const domain = await startDomainStandIn();
    cleanups.push(() => domain.close());

    return {
      nats,
      prefix,
      identity,
      resolveCalls: forwarder.resolveCalls,
      async startGateway(env = {}, options = {}) {
        const settings: Record<string, string | undefined> = {
          PORT: '0',
          HOST: '127.0.0.1',
          INTERNAL_SECRET: SECRET,
          IDENTITY_URL: forwarder.url,
          BENEFICIARIES_URL: domain.url,
          FINANCE_URL: domain.url,
          LOG_LEVEL: 'error',
          SESSION_CACHE_MS: CACHE_MS,
          NATS_URL: nats.url,
          NATS_SUBJECT_PREFIX: prefix,
          ...env,
        };
        if (settings.NATS_URL === '') delete settings.NATS_URL;
        const gateway = await startGateway(parseGatewayConfig(settings), { shutdownHooks: false, ...options });
        cleanups.push(() => gateway.close());
        return gateway;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs in through `gateway`; returns the cookie (`kcf_sid=...`). */
export async function signIn(gateway: string, username: string, password: string): Promise<string> {
  const res = await send(gateway, 'POST', '/api/login/local', { body: { username, password } });
  if (res.status !== 200 || !res.cookie)
    throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookie;
}

/** A viewer created by the superadmin that has already changed its temporary password. */
export async function createActiveUser(
  gateway: string,
  rootCookie: string,
  username: string,
  password: string,
): Promise<string> {
  const created = await send(gateway, 'POST', '/api/users', {
    cookie: rootCookie,
    body: { firstName: 'Test', lastName: 'User', username, password: 'Temp!pass1', role: 'viewer' },
  });
  if (created.status !== 201) throw new Error(`create ${username}: ${created.status} ${JSON.stringify(created.body)}`);
  const first = await signIn(gateway, username, 'Temp!pass1');
  const changed = await send(gateway, 'PUT', '/api/auth/change-password', {
    cookie: first,
    body: { currentPassword: 'Temp!pass1', newPassword: password },
  });
  if (changed.status !== 200) throw new Error(`first password of ${username}: ${changed.status}`);
  return created.body.id as string;
}

/** A request to a domain service through `gateway`: 200 with the signed user, or 401. */
export const domainCall = (gateway: string, cookie: string) => send(gateway, 'GET', '/api/beneficiaries', { cookie });

/** Polls until `check` holds. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
