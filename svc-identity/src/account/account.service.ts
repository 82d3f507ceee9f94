import { Inject, Injectable } from '@nestjs/common';
import { COMMON_ERRORS, IDENTITY_ERRORS, type ChangePasswordBody } from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, type Clock } from '@kcf/server-kit';
import { lockedOut } from '../lockout/locked-out.error';
import { LoginThrottle } from '../lockout/login-throttle.service';
import { SessionNotices } from '../sessions/session-notices';
import { SessionsService } from '../sessions/sessions.service';
import { hashPassword, verifyPassword } from '../users/password-hasher';
import { passwordSubject } from '../users/user-audit';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';

/** The signed-in user's own account. */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersService,
    private readonly userRows: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly notices: SessionNotices,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Changes the user's password, clears `mustChangePassword` and ends ALL of the user's sessions.
   * A wrong current password counts as a failed sign-in for the username (the same lockout applies); that
   * count is saved on its own, since the 400 rolls the request's unit of work back. Once the change is
   * saved, every gateway is told to drop the user's cached sessions. The change is recorded (a `password`
   * entry without values; the wrong current password as a failed sign-in), and when the user had to change
   * the password, the forced change's completion too (`password-change-completed`).
   */
  async changePassword(userId: string, body: ChangePasswordBody): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !user.isActive) throw AppError.of(COMMON_ERRORS.unauthorized);
    const wait = await this.throttle.lockedFor(user.username, undefined);
    if (wait > 0) throw lockedOut(wait);
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      await this.throttle.recordFailure({
        username: user.username,
        address: undefined,
        account: user,
        details: { method: 'change-password', reason: 'wrong-current-password' },
      });
      throw AppError.of(IDENTITY_ERRORS.wrongCurrentPassword);
    }
    if (body.newPassword === body.currentPassword) throw AppError.of(IDENTITY_ERRORS.samePassword);
    const passwordHash = await hashPassword(body.newPassword);
    await this.userRows.setPassword(user.id, passwordHash, false, this.clock.now());
    await this.sessions.endAllOf(user.id);
    this.audit.changed('update', [], passwordSubject(user.id, 'change-by-user'));
    if (user.mustChangePassword) this.audit.security({ action: 'password-change-completed', entityId: user.id });
    this.notices.afterCommit(user.id);
  }
}
