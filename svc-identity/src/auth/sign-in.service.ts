import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_ERRORS } from '@kcf/contracts';
import { AppError, CLOCK, type Clock } from '@kcf/server-kit';
import { lockedOut } from '../lockout/locked-out.error';
import { LoginThrottle } from '../lockout/login-throttle.service';
import { SessionsService } from '../sessions/sessions.service';
import type { UserRow } from '../users/user-row';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';

/** Signing in, locally or through the identity provider: the same session either way. */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UsersService,
    private readonly userRows: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The active user with these credentials; 401 otherwise, 429 while the username or address is locked. */
  async withPassword(username: string, password: string, address: string | undefined): Promise<UserRow> {
    const wait = await this.throttle.lockedFor(username, address);
    if (wait > 0) throw lockedOut(wait);
    const user = await this.users.verifyCredentials(username, password);
    if (!user) {
      await this.throttle.recordFailure(username, address);
      throw AppError.of(IDENTITY_ERRORS.invalidCredentials);
    }
    await this.throttle.recordSuccess(username);
    return user;
  }

  /**
   * Ends the browser's previous session (if any) and opens a new one with a fresh id; stamps the
   * user's `updatedAt`, which User Management shows as Last Active. Returns the cookie value. All of it
   * is one unit of work with the rest of the request: the answer (and its cookie) leaves after it commits.
   */
  async openSession(user: UserRow, previousToken: string | undefined): Promise<string> {
    if (previousToken) await this.sessions.endByToken(previousToken);
    const { token } = await this.sessions.create(user.id);
    await this.userRows.stampActivity(user.id, this.clock.now());
    return token;
  }
}
