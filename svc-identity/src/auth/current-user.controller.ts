import { Controller } from '@nestjs/common';
import { COMMON_ERRORS, INTERNAL, type User, type UserName } from '@kcf/contracts';
import { Access, AppError, CurrentUser, type UserContext, InternalRoute } from '@kcf/server-kit';
import { toPublicUser } from '../users/user-row';
import { UsersService } from '../users/users.service';

/** The signed-in user: the browser's current-user query, and the internal call other services make as that user. */
@Controller()
export class CurrentUserController {
  constructor(private readonly users: UsersService) {}

  @InternalRoute(INTERNAL.currentUser)
  @Access('signedIn')
  async currentUser(@CurrentUser() ctx: UserContext): Promise<User> {
    const user = await this.users.findById(ctx.userId);
    if (!user || !user.isActive) throw AppError.of(COMMON_ERRORS.unauthorized);
    return toPublicUser(user) satisfies UserName;
  }
}
