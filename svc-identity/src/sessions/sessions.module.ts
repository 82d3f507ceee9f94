import { Module } from '@nestjs/common';
import type { SessionRevocations } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { GIVEN_SESSION_REVOCATIONS } from '../core.module';
import { UsersModule } from '../users/users.module';
import { InternalSessionsController } from './internal-sessions.controller';
import { sessionNoticeChannel } from './session-notice-channel';
import { SESSION_NOTICE_CHANNEL, SessionNotices } from './session-notices';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Sessions: opening, ending and timing them out, the gateway's resolve call, and the notices that a user's sessions ended. */
@Module({
  imports: [UsersModule],
  controllers: [InternalSessionsController],
  providers: [
    SessionsRepository,
    {
      provide: SESSION_NOTICE_CHANNEL,
      useFactory: (config: IdentityConfig, given: SessionRevocations | null) =>
        sessionNoticeChannel(config, given ?? undefined),
      inject: [IDENTITY_CONFIG, GIVEN_SESSION_REVOCATIONS],
    },
    SessionNotices,
    SessionsService,
  ],
  exports: [SessionsService, SessionNotices],
})
export class SessionsModule {}
