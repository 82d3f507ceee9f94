import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyUserContext } from '@kcf/server-kit';

export interface StandInServices {
  url: string;
  /** Children svc-beneficiaries "has". */
  beneficiaries: Set<string>;
  /** Of those, the children whose registration consent is withdrawn. */
  registrationWithdrawn: Set<string>;
  /** Users svc-identity "has", by id. */
  users: Map<string, { username: string; firstName: string; lastName: string }>;
  /** Answer 503 to everything (an outage). */
  down: boolean;
  /** Requests seen, as "METHOD path role". */
  seen: string[];
  stop(): Promise<void>;
}

/**
 * Stand-ins for the two internal APIs svc-finance calls: svc-beneficiaries'
 * `GET /internal/beneficiaries/{id}/exists` (system context only) and svc-identity's `GET /api/auth/user`
 * (the user's own context). Both check the signed context like the real services.
 */
export async function startStandInServices(secret: string): Promise<StandInServices> {
  const state: Omit<StandInServices, 'url' | 'stop'> = {
    beneficiaries: new Set(),
    registrationWithdrawn: new Set(),
    users: new Map(),
    down: false,
    seen: [],
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const ctx = verifyUserContext(req.headers, secret);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    state.seen.push(`${req.method} ${path} ${ctx?.role ?? 'unsigned'}`);
    if (state.down) return send(res, 503, { message: 'Service unavailable' });
    if (!ctx) return send(res, 401, { message: 'Unauthorized' });
    const exists = /^\/internal\/beneficiaries\/([^/]+)\/exists$/.exec(path);
    if (req.method === 'GET' && exists) {
      if (ctx.role !== 'system') return send(res, 403, { message: 'Forbidden' });
      const id = decodeURIComponent(exists[1]);
      // The contract's answer (INTERNAL.beneficiaryExists), as svc-beneficiaries gives it.
      return send(
        res,
        200,
        state.beneficiaries.has(id)
          ? {
              exists: true,
              beneficiary: { id, fullName: `Child ${id}`, photoUrl: null },
              registrationWithdrawn: state.registrationWithdrawn.has(id),
            }
          : { exists: false, beneficiary: null, registrationWithdrawn: false },
      );
    }
    if (req.method === 'GET' && path === '/api/auth/user') {
      const user = state.users.get(ctx.userId);
      return user
        ? send(res, 200, { id: ctx.userId, role: ctx.role, ...user })
        : send(res, 401, { message: 'Unauthorized' });
    }
    return send(res, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
