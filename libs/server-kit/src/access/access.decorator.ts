import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { AccessLevel } from '@kcf/contracts';
import type { UserContext } from '../context/user-context';
import { UnitOfWorkInterceptor } from '../unit-of-work/unit-of-work.interceptor';

export const ACCESS_METADATA = 'kcf:access';

/**
 * Every route declares who may call it; a route without a declaration is refused. The declaration also
 * runs the route as one unit of work (UnitOfWorkInterceptor). Put it above the route's own
 * `@UseInterceptors(...)`: decorators apply from the bottom up, so the unit of work then runs innermost,
 * after a multipart body has been parsed (route-inventory's `unitOfWorkInnermost` checks it).
 */
export const Access = (level: AccessLevel) =>
  applyDecorators(SetMetadata(ACCESS_METADATA, level), UseInterceptors(UnitOfWorkInterceptor));

export interface RequestWithUser {
  user?: UserContext;
}

/** The verified user context of the request (set by AccessGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): UserContext | undefined => {
  return ctx.switchToHttp().getRequest<RequestWithUser>().user;
});
