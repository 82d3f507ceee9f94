import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActor } from '@kcf/contracts';
import type { UserContext } from '../context/user-context';

/** Who is asking and from where, for every entry a request records. */
export interface AuditRequest {
  actor: AuditActor;
  requestId: string | null;
  clientIp: string | null;
  userAgent: string | null;
}

const requests = new AsyncLocalStorage<AuditRequest>();

/** The product's own work (event consumers, start-up, jobs). */
export const SYSTEM_ACTOR: AuditActor = { id: null, username: null, name: null, role: 'system' };

export function actorOf(user: UserContext | undefined): AuditActor {
  if (!user) return { id: null, username: null, name: null, role: null };
  if (user.role === 'system') return { ...SYSTEM_ACTOR, id: user.userId };
  return { id: user.userId, username: user.username ?? null, name: user.name ?? null, role: user.role };
}

const USER_AGENT_MAX = 120;

interface RequestLike {
  user?: UserContext;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}

/** What an entry says about the request: its user, the gateway's request id, the client's address and a short user agent. */
export function auditRequestOf(req: RequestLike): AuditRequest {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const agent = req.headers['user-agent'];
  const requestId = req.headers['x-request-id'];
  return {
    actor: actorOf(req.user),
    requestId: typeof requestId === 'string' ? requestId : null,
    clientIp: first || req.socket?.remoteAddress || null,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

export function runWithAuditRequest<T>(request: AuditRequest, work: () => T): T {
  return requests.run(request, work);
}

export function currentAuditRequest(): AuditRequest | undefined {
  return requests.getStore();
}
