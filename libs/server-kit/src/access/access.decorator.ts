import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AccessLevel } from '@kcf/contracts';
import type { UserContext } from '../context/user-context';

export const ACCESS_METADATA = 'kcf:access';

/** Every route declares who may call it; a route without a declaration is refused. */
export const Access = (level: AccessLevel) => SetMetadata(ACCESS_METADATA, level);

export interface RequestWithUser {
  user?: UserContext;
}

/** The verified user context of the request (set by AccessGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): UserContext | undefined => {
  return ctx.switchToHttp().getRequest<RequestWithUser>().user;
});
