import { Body, Controller, HttpCode } from '@nestjs/common';
import { COMMON_ERRORS, INTERNAL, ResolveSessionBody, type ResolvedSession } from '@kcf/contracts';
import { Access, AppError, ZodValidationPipe, InternalRoute } from '@kcf/server-kit';
import { toPublicUser } from '../users/user-row';
import { UsersService } from '../users/users.service';
import { SessionsService } from './sessions.service';

const dead = () => AppError.of(COMMON_ERRORS.unauthorized);

/** Called by the gateway (signed system context) to turn a session cookie into a user. */
@Controller()
export class InternalSessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
  ) {}

  /**
   * The session's user, touching the session (in the request's unit of work). Everything that decides
   * is read first: a dead session, or one of a user who is gone or inactive, is removed on its own and
   * answered 401 (the touch would otherwise hold the row the removal needs).
   */
  @InternalRoute(INTERNAL.resolveSession)
  @HttpCode(200)
  @Access('internal')
  async resolve(@Body(new ZodValidationPipe(ResolveSessionBody)) body: ResolveSessionBody): Promise<ResolvedSession> {
    const session = await this.sessions.findLive(body.sessionId);
    if (!session) throw dead();
    const user = await this.users.findById(session.userId);
    if (!user || !user.isActive) {
      await this.sessions.removeDead(session.idHash);
      throw dead();
    }
    // Ended meanwhile (a password reset, say): as dead as if it had never been found.
    if (!(await this.sessions.touch(session.idHash))) throw dead();
    return { sessionId: session.idHash, user: toPublicUser(user) };
  }
}
