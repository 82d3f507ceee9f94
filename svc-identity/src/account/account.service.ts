import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ChangePasswordBody } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';
import { IDENTITY_DB } from '../config';
import { LockedOutError } from '../lockout/locked-out.error';
import { LoginThrottle } from '../lockout/login-throttle.service';
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
    @InjectDataSource(IDENTITY_DB) private readonly db: DataSource,
  ) {}

  /**
   * Changes the user's password, clears `mustChangePassword` and ends ALL of the user's sessions.
   * A wrong current password counts as a failed sign-in for the username (the same lockout applies).
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
    await this.db.transaction(async (m) => {
      await m.update(UserEntity, { id: user.id }, { passwordHash, mustChangePassword: false });
      await m.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    });
  }
}

const fieldError = (path: string, message: string) => new AppError('VALIDATION', message, [{ path, message }]);
