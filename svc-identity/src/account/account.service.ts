import { Injectable } from '@nestjs/common';
import type { ChangePasswordBody } from '@kcf/contracts';
import { AppError, UnitOfWork } from '@kcf/server-kit';
import { LockedOutError } from '../lockout/locked-out.error';
import { LoginThrottle } from '../lockout/login-throttle.service';
import { SessionNotices } from '../sessions/session-notices';
import { hashPassword, verifyPassword } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from the current password';

/** The signed-in user's own account. */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
    private readonly uow: UnitOfWork,
    private readonly notices: SessionNotices,
  ) {}

  /**
   * Changes the user's password, clears `mustChangePassword` and ends ALL of the user's sessions.
   * A wrong current password counts as a failed sign-in for the username (the same lockout applies); that
   * count is saved on its own, since the 400 rolls the request's unit of work back. Once the change is
   * saved, every gateway is told to drop the user's cached sessions.
   */
  async changePassword(userId: string, body: ChangePasswordBody): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !user.isActive) throw AppError.unauthorized();
    const wait = await this.throttle.lockedFor(user.username, undefined);
    if (wait > 0) throw new LockedOutError(wait);
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      await this.throttle.recordFailure(user.username, undefined);
      throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD);
    }
    if (body.newPassword === body.currentPassword) throw fieldError('newPassword', SAME_PASSWORD);
    const passwordHash = await hashPassword(body.newPassword);
    await this.uow.transaction(async (m) => {
      await m.update(UserEntity, { id: user.id }, { passwordHash, mustChangePassword: false });
      await m.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      this.notices.afterCommit(user.id);
    });
  }
}

const fieldError = (path: string, message: string) => new AppError('VALIDATION', message, [{ path, message }]);
