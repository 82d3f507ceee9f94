import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_ERRORS } from '@kcf/contracts';
import { AppError, AuditTrail, CLOCK, type Clock } from '@kcf/server-kit';
import { lockedOut } from '../lockout/locked-out.error';
import { LoginThrottle } from '../lockout/login-throttle.service';
import { SessionsService } from '../sessions/sessions.service';
import { actorOfUser, UNKNOWN_ACTOR } from '../users/user-audit';
import type { UserRow } from '../users/user-row';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';

/** How someone signed in (the sign-in's audit entry says it). */
export type SignInMethod = 'local' | 'oidc';

/** Why a sign-in through the identity provider ended without a session (`sign_in_failed`, `no_account`). */
export type ProviderRefusal = 'provider-refused' | 'no-account';

/**
 * Signing in, locally or through the identity provider: the same session either way. Each sign-in is recorded
 * in the audit trail (`sign-in`, about the user who signed in: the request has no session yet), and so is each
 * refused one (`sign-in-failed`; a counted password failure in the throttle's own unit, see LoginThrottle).
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UsersService,
    private readonly userRows: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The active user with these credentials; 401 otherwise, 429 while the username or address is locked. */
  async withPassword(username: string, password: string, address: string | undefined): Promise<UserRow> {
    const wait = await this.throttle.lockedFor(username, address);
    if (wait > 0) throw lockedOut(wait);
    const { account, refusal } = await this.users.checkCredentials(username, password);
    if (refusal || !account) {
      await this.throttle.recordFailure({ username, address, account, details: { method: 'local', reason: refusal } });
      throw AppError.of(IDENTITY_ERRORS.invalidCredentials);
    }
    await this.throttle.recordSuccess(username);
    return account;
  }

  /**
   * Ends the browser's previous session (if any) and opens a new one with a fresh id; stamps the
   * user's `updatedAt`, which User Management shows as Last Active. Returns the cookie value. All of it
   * is one unit of work with the rest of the request: the answer (and its cookie) leaves after it commits.
   */
  async openSession(user: UserRow, previousToken: string | undefined, method: SignInMethod): Promise<string> {
    if (previousToken) await this.sessions.endByToken(previousToken);
    const { token } = await this.sessions.create(user.id);
    await this.userRows.stampActivity(user.id, this.clock.now());
    this.audit.security({ action: 'sign-in', actor: actorOfUser(user), entityId: user.id, details: { method } });
    return token;
  }

  /**
   * A sign-in through the identity provider that opened no session (answered with a redirect, so it joins the
   * request's unit). Nobody is named: the provider's user has no account here, or its answer was not to be trusted.
   */
  providerRefused(reason: ProviderRefusal): void {
    this.audit.security({ action: 'sign-in-failed', actor: UNKNOWN_ACTOR, details: { method: 'oidc', reason } });
  }
}
