import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { COMMON_ERRORS, roleMayAccess, type AccessLevel } from '@kcf/contracts';
import { AppError } from '../errors/app-error';
import { verifyUserContext } from '../context/user-context';
import { ACCESS_METADATA, type RequestWithUser } from './access.decorator';

/** Decides one request from the route's declared access level and the signed user context. */
export function decideAccess(
  level: AccessLevel | undefined,
  user: RequestWithUser['user'],
): { allow: true } | { allow: false; error: AppError } {
  if (!level) return { allow: false, error: AppError.of(COMMON_ERRORS.forbidden) };
  if (level === 'public') return { allow: true };
  if (!user) return { allow: false, error: AppError.of(COMMON_ERRORS.unauthorized) };
  if (level === 'internal') {
    return user.role === 'system' ? { allow: true } : { allow: false, error: AppError.of(COMMON_ERRORS.forbidden) };
  }
  if (user.role === 'system') return { allow: false, error: AppError.of(COMMON_ERRORS.forbidden) };
  if (user.mustChangePassword && level !== 'signedIn') {
    return { allow: false, error: AppError.of(COMMON_ERRORS.passwordChangeRequired) };
  }
  return roleMayAccess(user.role, level)
    ? { allow: true }
    : { allow: false, error: AppError.of(COMMON_ERRORS.forbidden) };
}

@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('Access');

  constructor(
    private readonly reflector: Reflector,
    private readonly secret: string,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context
      .switchToHttp()
      .getRequest<
        RequestWithUser & { headers: Record<string, string | string[] | undefined>; method: string; url: string }
      >();
    if (!level) this.logger.error(`Route without an access declaration refused: ${req.method} ${req.url}`);
    req.user = verifyUserContext(req.headers, this.secret) ?? undefined;
    const decision = decideAccess(level, req.user);
    if (!decision.allow) throw decision.error;
    return true;
  }
}
