import { Body, Controller, Get, HttpCode, Post, Put, Redirect, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ChangePasswordBody, IDENTITY_ERRORS, LoginRequest } from '@kcf/contracts';
import { Access, AppError, CurrentUser, UnitOfWork, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { AccountService } from '../account/account.service';
import { withRetryAfter } from '../lockout/locked-out.error';
import { SESSION_COOKIE, SessionsService } from '../sessions/sessions.service';
import { toPublicUser, type UserRow } from '../users/user-row';
import { authenticate } from './authenticate';
import { readCookie } from './cookies';
import { LocalStrategy } from './local.strategy';
import { SignInService } from './sign-in.service';

/** Local sign-in (the passport-local strategy) and sign-out, and the user's own password. */
@Controller('api')
export class AuthController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly signIn: SignInService,
    private readonly local: LocalStrategy,
    private readonly account: AccountService,
    private readonly uow: UnitOfWork,
  ) {}

  @Post('login/local')
  @HttpCode(200)
  @Access('public')
  async login(
    @Body(new ZodValidationPipe(LoginRequest)) body: LoginRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The strategy reads the body as the contract's schema made it (the username trimmed).
    req.body = body;
    const signedIn = await authenticate<UserRow>(this.local, req, res).catch(withRetryAfter(res));
    // It refuses by throwing (401, 429); it fails without an error only for a missing field, which the schema refused.
    if (!signedIn.user) throw AppError.of(IDENTITY_ERRORS.invalidCredentials);
    const user = signedIn.user;
    const token = await this.signIn.openSession(user, readCookie(req.headers.cookie, SESSION_COOKIE), 'local');
    // Once the session is saved: an attempt run again after a database failure leaves no cookie behind.
    this.uow.afterCommit(() => res.cookie(SESSION_COOKIE, token, this.sessions.cookieOptions()));
    return { user: toPublicUser(user) };
  }

  @Post('logout/local')
  @HttpCode(200)
  @Access('public')
  async logoutLocal(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.endSession(req, res);
    return { message: 'Logged out' };
  }

  /** Nest sends the redirect after the unit of work has committed (the session is gone by then). */
  @Get('logout')
  @Access('public')
  @Redirect('/', 302)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.endSession(req, res);
  }

  /** Wrong current password: 400. Success: every session of the user ends, this one too. */
  @Put('auth/change-password')
  @HttpCode(200)
  @Access('signedIn')
  async changePassword(
    @CurrentUser() ctx: UserContext,
    @Body(new ZodValidationPipe(ChangePasswordBody)) body: ChangePasswordBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.account.changePassword(ctx.userId, body).catch(withRetryAfter(res));
    res.clearCookie(SESSION_COOKIE, this.sessions.cookieOptions());
    return { message: 'Password changed successfully. Please sign in with your new password.', logout: true };
  }

  private async endSession(req: Request, res: Response): Promise<void> {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) await this.sessions.signOut(token);
    res.clearCookie(SESSION_COOKIE, this.sessions.cookieOptions());
  }
}
