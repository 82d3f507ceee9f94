import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoginRequest } from '@kcf/contracts';
import { Access, AppError, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { SESSION_COOKIE, SessionsService } from '../sessions/sessions.service';
import { toPublicUser } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { readCookie } from './cookies';

@Controller('api')
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login/local')
  @HttpCode(200)
  @Access('public')
  async login(
    @Body(new ZodValidationPipe(LoginRequest)) body: LoginRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const user = await this.users.verifyCredentials(body.username, body.password);
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid credentials');
    const previous = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (previous) await this.sessions.endByToken(previous);
    const { token } = await this.sessions.create(user.id);
    res.cookie(SESSION_COOKIE, token, this.sessions.cookieOptions());
    return { user: toPublicUser(user) };
  }

  @Post('logout/local')
  @HttpCode(200)
  @Access('public')
  async logoutLocal(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.endSession(req, res);
    return { message: 'Logged out' };
  }

  @Get('logout')
  @Access('public')
  async logout(@Req() req: Request, @Res() res: Response) {
    await this.endSession(req, res);
    res.redirect(302, '/');
  }

  /** Starts sign-in: the local login page (an OpenID Connect issuer, when configured, comes with identity's issue). */
  @Get('login')
  @Access('public')
  startLogin(@Res() res: Response) {
    res.redirect(302, '/login');
  }

  @Get('auth/user')
  @Access('signedIn')
  async currentUser(@CurrentUser() ctx: UserContext) {
    const user = await this.users.findById(ctx.userId);
    if (!user || !user.isActive) throw AppError.unauthorized();
    return toPublicUser(user);
  }

  private async endSession(req: Request, res: Response): Promise<void> {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) await this.sessions.endByToken(token);
    res.clearCookie(SESSION_COOKIE, this.sessions.cookieOptions());
  }
}
