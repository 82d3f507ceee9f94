import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessLevel } from '@kcf/contracts';
import { ACCESS_METADATA, decideAccess, type RequestWithUser } from '@kcf/server-kit/http';
import type { SessionLookup } from '../session/session-resolver';
import { readSessionId } from '../session/session-cookie';
import { SESSION_LOOKUP } from '../tokens';

/**
 * The gateway's own routes (dashboard, health) are decided from the session cookie, the same way the
 * services decide from the signed context: the route's declared access level and the permission table.
 */
@Injectable()
export class GatewayAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SESSION_LOOKUP) private readonly sessions: SessionLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<RequestWithUser & { headers: Record<string, string | undefined> }>();
    if (level !== 'public') {
      const sessionId = readSessionId(req.headers.cookie);
      req.user = (sessionId ? await this.sessions.resolve(sessionId) : null) ?? undefined;
    }
    const decision = decideAccess(level, req.user);
    if (!decision.allow) throw decision.error;
    return true;
  }
}
