import { Controller, Get, Inject, Logger, Redirect, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access, UnitOfWork } from '@kcf/server-kit';
import { authenticate, type Authenticated } from '../auth/authenticate';
import { readCookie } from '../auth/cookies';
import { SignInService } from '../auth/sign-in.service';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { SESSION_COOKIE, SessionsService } from '../sessions/sessions.service';
import type { UserRow } from '../users/user-row';
import { OidcClient } from './oidc-client';
import { OidcStrategy } from './oidc.strategy';
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_TTL_MS, sealPendingSignIn } from './pending-sign-in';

export const CALLBACK_PATH = '/api/login/callback';

/** Why the login page is shown again (`/login?error=<code>`). */
export const SIGN_IN_ERRORS = {
  /** The provider's user has no active local account. */
  noAccount: 'no_account',
  /** The provider could not be reached. */
  providerUnavailable: 'provider_unavailable',
  /** The answer came back wrong, late, refused or forged. */
  failed: 'sign_in_failed',
} as const;

/** Where a provider sign-in lands: the shell's /login, which a signed-in user leaves for their page. */
const SIGNED_IN_LANDING = '/login';

/**
 * `GET /api/login` starts sign-in: the local login page, or, with an OpenID Connect provider
 * configured, the provider's authorization endpoint (code flow with PKCE, state and nonce kept in a
 * sealed, HttpOnly cookie for ten minutes). The callback runs the `oidc` passport strategy (`OidcStrategy`)
 * and signs the matching local user in with a session exactly like a local sign-in.
 */
@Controller('api/login')
export class OidcSignInController {
  private readonly logger = new Logger('OIDC');

  constructor(
    private readonly oidc: OidcClient,
    private readonly provider: OidcStrategy,
    private readonly signIn: SignInService,
    private readonly sessions: SessionsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly uow: UnitOfWork,
  ) {}

  @Get()
  @Access('public')
  async start(@Req() req: Request, @Res() res: Response) {
    if (!this.oidc.enabled) return res.redirect(302, '/login');
    try {
      const { url, pending } = await this.oidc.start(this.redirectUri(req));
      res.cookie(
        PENDING_SIGN_IN_COOKIE,
        sealPendingSignIn(pending, this.config.INTERNAL_SECRET),
        this.pendingCookie(PENDING_SIGN_IN_TTL_MS),
      );
      res.setHeader('Cache-Control', 'no-store');
      return res.redirect(302, url);
    } catch {
      return res.redirect(302, `/login?error=${SIGN_IN_ERRORS.providerUnavailable}`);
    }
  }

  /**
   * Answers with a redirect that Nest sends once the request's unit of work has committed, so the browser
   * never arrives before its new session is saved. It arrives at `/login`, where the shell sends a signed-in
   * user back to the page they were on before the session ended (or to the home page).
   */
  @Get('callback')
  @Access('public')
  @Redirect(SIGNED_IN_LANDING, 302)
  async callback(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ url: string }> {
    res.setHeader('Cache-Control', 'no-store');
    res.clearCookie(PENDING_SIGN_IN_COOKIE, this.pendingCookie());
    let signedIn: Authenticated<UserRow>;
    try {
      signedIn = await authenticate<UserRow>(this.provider, req, res);
    } catch (error) {
      this.logger.warn(
        `Sign-in through the provider failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return this.refused(SIGN_IN_ERRORS.failed);
    }
    if (!signedIn.user)
      return this.refused(signedIn.failure === 'no-account' ? SIGN_IN_ERRORS.noAccount : SIGN_IN_ERRORS.failed);
    const token = await this.signIn.openSession(signedIn.user, readCookie(req.headers.cookie, SESSION_COOKIE), 'oidc');
    // Once the session is saved: an attempt run again after a database failure leaves no cookie behind.
    this.uow.afterCommit(() => res.cookie(SESSION_COOKIE, token, this.sessions.cookieOptions()));
    return { url: SIGNED_IN_LANDING };
  }

  /** Back to the login page with the reason; the failed sign-in is recorded (with the redirect's unit of work). */
  private refused(error: typeof SIGN_IN_ERRORS.noAccount | typeof SIGN_IN_ERRORS.failed): { url: string } {
    this.signIn.providerRefused(error === SIGN_IN_ERRORS.noAccount ? 'no-account' : 'provider-refused');
    return { url: `/login?error=${error}` };
  }

  /** The public callback URL: PUBLIC_URL's when set, else the one the browser used (through the gateway). */
  private redirectUri(req: Request): string {
    const origin = this.config.PUBLIC_URL ? new URL(this.config.PUBLIC_URL).origin : `${req.protocol}://${req.host}`;
    return `${origin}${CALLBACK_PATH}`;
  }

  private pendingCookie(maxAge?: number) {
    return { ...this.sessions.cookieOptions(), path: '/api/login', ...(maxAge ? { maxAge } : {}) };
  }
}
