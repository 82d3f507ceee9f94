import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { SESSIONS_ENDED_HEADER, UnitOfWork, type SessionRevocations } from '@kcf/server-kit';

/** The channel the notices go out on, and whether this service made it (and so closes it). */
export interface SessionNoticeChannel {
  channel: SessionRevocations;
  owned: boolean;
}

export const SESSION_NOTICE_CHANNEL = Symbol('SessionNoticeChannel');

/**
 * Tells every gateway that a user's sessions ended or changed (password change or reset, deactivation,
 * deletion, an edit of the user, a sign-out), so that none of them serves a cached session of that user
 * again. The notice goes out after the request's unit of work has committed and before its answer is
 * sent (afterCommit hooks run in between), so when the answer arrives the gateways have been told.
 * A notice that cannot be sent is logged, not shown to the user: the change itself is saved, and a
 * gateway whose channel is down does not serve from its cache anyway.
 */
@Injectable()
export class SessionNotices implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionNotices');

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SESSION_NOTICE_CHANNEL) private readonly notices: SessionNoticeChannel,
  ) {}

  /**
   * Sends the notice for `userId` once the current unit of work has committed (never if it rolls back), and
   * names the user on the answer, so the gateway passing it on forgets that user's sessions before the
   * client can send another request.
   */
  afterCommit(userId: string): void {
    this.uow.addAnswerHeader(SESSIONS_ENDED_HEADER, userId);
    this.uow.afterCommit(() => this.send(userId));
  }

  private async send(userId: string): Promise<void> {
    try {
      await this.notices.channel.publish(userId);
    } catch (error) {
      this.logger.warn(
        `Could not tell the gateways that the sessions of user ${userId} ended or changed (a gateway may serve them ` +
          `from its cache for up to SESSION_CACHE_MS): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.notices.owned) await this.notices.channel.close();
  }
}
