import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  CLOCK,
  databaseModule,
  HealthModule,
  IDEMPOTENCY_MIGRATIONS,
  InProcessSessionRevocations,
  MessagingModule,
  NatsSessionRevocations,
  OUTBOX_ENTITIES,
  OUTBOX_MIGRATIONS,
  systemClock,
  UnitOfWorkModule,
  type Clock,
  type InProcessEventBus,
  type SessionRevocations,
} from '@kcf/server-kit';
import { AccountService } from './account/account.service';
import { AuthController } from './auth/auth.controller';
import { SignInService } from './auth/sign-in.service';
import { IDENTITY_CONFIG, IDENTITY_DB, type IdentityConfig } from './config';
import { LoginThrottle } from './lockout/login-throttle.service';
import { IdentityInit1763800000000 } from './migrations/1763800000000-identity-init';
import { IdentityLockoutAndRecords1796000000000 } from './migrations/1796000000000-identity-lockout-and-records';
import { OidcClient } from './oidc/oidc-client';
import { OidcSignInController } from './oidc/oidc-sign-in.controller';
import { CreatedRecordsConsumer } from './records/created-records.consumer';
import { InternalSessionsController } from './sessions/internal-sessions.controller';
import { SessionEntity } from './sessions/session.entity';
import { SESSION_NOTICE_CHANNEL, SessionNotices, type SessionNoticeChannel } from './sessions/session-notices';
import { SessionsService } from './sessions/sessions.service';
import { UserAdminService } from './users/user-admin.service';
import { UserEntity } from './users/user.entity';
import { AdminController, UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

export const IDENTITY_ENTITIES = [UserEntity, SessionEntity, ...OUTBOX_ENTITIES];
export const IDENTITY_MIGRATIONS = [IdentityInit1763800000000, IdentityLockoutAndRecords1796000000000, ...OUTBOX_MIGRATIONS, ...IDEMPOTENCY_MIGRATIONS];

export interface IdentityDeps {
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
  /** The one-process mode's session notices, shared with the gateway (closed by the launcher). */
  sessionRevocations?: SessionRevocations;
}

/**
 * Where the session notices go: the channel given (one-process mode), else NATS core when NATS_URL is set
 * (waiting, like the event bus, until the server is reached), else a channel inside this process that no
 * gateway hears (a lone identity in tests).
 */
async function sessionNoticeChannel(config: IdentityConfig, deps: IdentityDeps): Promise<SessionNoticeChannel> {
  if (deps.sessionRevocations) return { channel: deps.sessionRevocations, owned: false };
  if (!config.NATS_URL) return { channel: new InProcessSessionRevocations(), owned: true };
  const logger = new Logger('SessionNotices');
  const channel = NatsSessionRevocations.open({
    servers: config.NATS_URL,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    connectionName: 'identity-session-notices',
    logger: { warn: (m) => logger.warn(m) },
  });
  await channel.ready();
  return { channel, owned: true };
}

@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, deps: IdentityDeps = {}): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        databaseModule(IDENTITY_DB, () => ({ url: config.DATABASE_URL, entities: IDENTITY_ENTITIES, migrations: IDENTITY_MIGRATIONS })),
        TypeOrmModule.forFeature(IDENTITY_ENTITIES, IDENTITY_DB),
        UnitOfWorkModule.forRoot({ dataSourceName: IDENTITY_DB, keyTtlHours: config.IDEMPOTENCY_TTL_HOURS }),
        HealthModule.forRoot({ dataSourceName: IDENTITY_DB }),
        MessagingModule.forRoot({
          serviceName: 'identity',
          dataSourceName: IDENTITY_DB,
          natsUrl: config.NATS_URL,
          streamName: config.NATS_STREAM,
          subjectPrefix: config.NATS_SUBJECT_PREFIX,
          inProcessBus: deps.inProcessBus,
          outboxPollMs: config.OUTBOX_POLL_MS,
          consumers: [CreatedRecordsConsumer],
        }),
        // Lets the route inventory (listRoutes) walk this service's routes for the authorization matrix.
        DiscoveryModule,
      ],
      controllers: [AuthController, OidcSignInController, UsersController, AdminController, InternalSessionsController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
        { provide: SESSION_NOTICE_CHANNEL, useFactory: () => sessionNoticeChannel(config, deps) },
        SessionNotices,
        UsersService,
        SessionsService,
        LoginThrottle,
        SignInService,
        AccountService,
        UserAdminService,
        OidcClient,
        CreatedRecordsConsumer,
      ],
    };
  }
}
