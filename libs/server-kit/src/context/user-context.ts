import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@kcf/contracts';

/** Who is asking, as the gateway vouches for it. `system` is a service or the gateway itself. */
export interface UserContext {
  userId: string;
  role: Role | 'system';
  sessionId: string;
  beneficiaryId: string | null;
  mustChangePassword: boolean;
  /** The user's username and display name at this moment (what the audit trail records); absent for system. */
  username?: string | null;
  name?: string | null;
}

export const USER_CONTEXT_HEADER = 'x-kcf-user';
export const USER_CONTEXT_SIGNATURE_HEADER = 'x-kcf-signature';
/** A signed context older than this (or this far in the future) is refused. */
export const USER_CONTEXT_MAX_AGE_MS = 30_000;

interface WirePayload {
  uid: string;
  role: UserContext['role'];
  sid: string;
  bid: string | null;
  mcp: boolean;
  un?: string | null;
  nm?: string | null;
  ts: number;
}

function sign(encoded: string, secret: string): string {
  return createHmac('sha256', secret).update(encoded).digest('base64url');
}

/** Headers the gateway (or a service calling another) adds to a forwarded request. */
export function signUserContext(ctx: UserContext, secret: string, now = Date.now()): Record<string, string> {
  const payload: WirePayload = {
    uid: ctx.userId,
    role: ctx.role,
    sid: ctx.sessionId,
    bid: ctx.beneficiaryId,
    mcp: ctx.mustChangePassword,
    un: ctx.username ?? null,
    nm: ctx.name ?? null,
    ts: now,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { [USER_CONTEXT_HEADER]: encoded, [USER_CONTEXT_SIGNATURE_HEADER]: sign(encoded, secret) };
}

export function systemContext(serviceName: string): UserContext {
  return {
    userId: `system:${serviceName}`,
    role: 'system',
    sessionId: '-',
    beneficiaryId: null,
    mustChangePassword: false,
  };
}

const ROLES_ON_WIRE = new Set(['viewer', 'admin', 'superadmin', 'beneficiary', 'system']);

/**
 * Returns the context when the headers carry a valid, fresh signature; null otherwise
 * (unsigned, tampered, stale, or malformed). Never throws on client input.
 */
export function verifyUserContext(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now = Date.now(),
): UserContext | null {
  const encoded = headers[USER_CONTEXT_HEADER];
  const signature = headers[USER_CONTEXT_SIGNATURE_HEADER];
  if (typeof encoded !== 'string' || typeof signature !== 'string') return null;
  const expected = Buffer.from(sign(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: WirePayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as WirePayload;
  } catch {
    return null;
  }
  if (typeof payload.ts !== 'number' || Math.abs(now - payload.ts) > USER_CONTEXT_MAX_AGE_MS) return null;
  if (typeof payload.uid !== 'string' || typeof payload.sid !== 'string' || !ROLES_ON_WIRE.has(payload.role))
    return null;
  return {
    userId: payload.uid,
    role: payload.role,
    sessionId: payload.sid,
    beneficiaryId: typeof payload.bid === 'string' ? payload.bid : null,
    mustChangePassword: payload.mcp === true,
    username: typeof payload.un === 'string' ? payload.un : null,
    name: typeof payload.nm === 'string' ? payload.nm : null,
  };
}

/**
 * On an answer from identity: the ids of users whose sessions the request ended or changed (comma-separated).
 * The gateway that passes the answer on drops those users' cached sessions before the client sees it, then
 * removes the header; other gateways learn it from the session notices.
 */
export const SESSIONS_ENDED_HEADER = 'x-kcf-sessions-ended';
