import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { ROOT, signIn, startRevocationStack, type RevocationStack } from './session-revocation-harness';

/**
 * After a sign-out the shell asks `GET /api/auth/user` at once (the login page's first read). Through a real
 * gateway, identity and NATS, that answer must come at once, on the browser's kept-alive connection that
 * carried the sign-out as on a new one, whether the gateway had the session cached or not.
 */
const BOUND_MS = 1000;

interface Timed {
  status: number;
  ms: number;
  /** The request went on a connection an earlier request had used. */
  reused: boolean;
  socket: Socket;
}

/** One request through `agent` (kept-alive connections, one at a time), timed to the end of its answer. */
function timed(agent: Agent, base: string, method: string, path: string, cookie?: string): Promise<Timed> {
  const url = new URL(path, base);
  const started = performance.now();
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (method !== 'GET') headers['content-length'] = '0';
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path: url.pathname, headers, agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          reused: req.reusedSocket,
          socket: req.socket!,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let stack: RevocationStack;
const gateways: Record<'cached' | 'uncached', string> = { cached: '', uncached: '' };
const agents: Agent[] = [];
const keptAlive = () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
};

beforeAll(async () => {
  stack = await startRevocationStack();
  gateways.cached = (await stack.startGateway({ SESSION_CACHE_MS: '2000' })).url;
  gateways.uncached = (await stack.startGateway({ NATS_URL: '' })).url;
});
afterAll(async () => {
  for (const agent of agents) agent.destroy();
  await stack?.stop();
});

describe.each(['cached', 'uncached'] as const)('GET /api/auth/user right after a sign-out (gateway %s)', (which) => {
  it.each([
    ['the local sign-out', 'POST', '/api/logout/local'],
    ['the inactivity sign-out', 'GET', '/api/logout'],
  ])(
    'after %s: on the same kept-alive connection, with and without the old cookie, and on a new one',
    async (_what, method, path) => {
      const gateway = gateways[which];
      const cookie = await signIn(gateway, ROOT.username, ROOT.password);
      const browser = keptAlive();
      // Signed in, the page reads who is signed in (the gateway may now hold the session).
      const before = await timed(browser, gateway, 'GET', '/api/auth/user', cookie);
      expect(before.status).toBe(200);
      const signOut = await timed(browser, gateway, method, path, cookie);
      expect([200, 302]).toContain(signOut.status);
      expect(signOut.reused).toBe(true);

      // The browser dropped the cookie; a copy of the page may still send it until it learns of the sign-out.
      const withoutCookie = await timed(browser, gateway, 'GET', '/api/auth/user');
      const withOldCookie = await timed(browser, gateway, 'GET', '/api/auth/user', cookie);
      const fresh = await timed(keptAlive(), gateway, 'GET', '/api/auth/user', cookie);
      for (const answer of [withoutCookie, withOldCookie]) {
        expect(answer.reused).toBe(true);
        expect(answer.socket).toBe(signOut.socket);
      }
      expect(fresh.reused).toBe(false);
      for (const answer of [withoutCookie, withOldCookie, fresh]) {
        expect(answer.status).toBe(401);
        expect(answer.ms).toBeLessThan(BOUND_MS);
      }
    },
  );
});
