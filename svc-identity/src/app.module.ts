import { Module, type DynamicModule } from '@nestjs/common';
import {
  CLOCK,
  InternalClient,
  serviceModules,
  systemClock,
  type Clock,
  type InProcessEventBus,
  type SessionRevocations,
} from '@kcf/server-kit';
import { AccountService } from './account/account.service';
import { HttpLinkedChildCheck, LINKED_CHILD_CHECK } from './beneficiaries/linked-child';
import { AuthController } from './auth/auth.controller';
import { CurrentUserController } from './auth/current-user.controller';
import { SignInService } from './auth/sign-in.service';
import { IDENTITY_CONFIG, IDENTITY_DB, type IdentityConfig } from './config';
import { LockoutRepository } from './lockout/lockout.repository';
import { UserRecordsRepository } from './records/user-records.repository';
import { SessionsRepository } from './sessions/sessions.repository';
import { UsersRepository } from './users/users.repository';
import { LoginThrottle } from './lockout/login-throttle.service';
import { IdentityInit1763800000000 } from './migrations/1763800000000-identity-init';
import { IdentityLockoutAndRecords1796000000000 } from './migrations/1796000000000-identity-lockout-and-records';
import { IdentityUserSearch1797800000000 } from './migrations/1797800000000-identity-user-search';
import { OidcClient } from './oidc/oidc-client';
import { OidcSignInController } from './oidc/oidc-sign-in.controller';
import { CreatedRecordsConsumer } from './records/created-records.consumer';
import { ERASURE_CONSUMERS, ERASURE_PROVIDERS } from './erasure';
import { InternalSessionsController } from './sessions/internal-sessions.controller';
import { sessionNoticeChannel } from './sessions/session-notice-channel';
import { SESSION_NOTICE_CHANNEL, SessionNotices } from './sessions/session-notices';
import { SessionsService } from './sessions/sessions.service';
import { UserAdminService } from './users/user-admin.service';
import { AdminController, UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

export const IDENTITY_MIGRATIONS = [IdentityInit1763800000000, IdentityLockoutAndRecords1796000000000, IdentityUserSearch1797800000000];

export interface IdentityDeps {
  clock?: Clock;
  /** The one-process mode's shared event bus. */
  inProcessBus?: InProcessEventBus;
  /** The one-process mode's session notices, shared with the gateway (closed by the launcher). */
  sessionRevocations?: SessionRevocations;
}

@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, deps: IdentityDeps = {}): DynamicModule {
    return {
      module: IdentityModule,
      imports: [...serviceModules({ name: IDENTITY_DB, domain: 'identity', clock: deps.clock ?? systemClock, config, migrations: IDENTITY_MIGRATIONS, consumers: [CreatedRecordsConsumer, ...ERASURE_CONSUMERS], inProcessBus: deps.inProcessBus })],
      controllers: [AuthController, CurrentUserController, OidcSignInController, UsersController, AdminController, InternalSessionsController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
        UsersRepository,
        SessionsRepository,
        LockoutRepository,
        UserRecordsRepository,
        {
          provide: LINKED_CHILD_CHECK,
          useFactory: () => new HttpLinkedChildCheck(new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, 'identity')),
        },
        { provide: SESSION_NOTICE_CHANNEL, useFactory: () => sessionNoticeChannel(config, deps.sessionRevocations) },
        SessionNotices,
        UsersService,
        SessionsService,
        LoginThrottle,
        SignInService,
        AccountService,
        UserAdminService,
        OidcClient,
        CreatedRecordsConsumer,
        ...ERASURE_PROVIDERS,
      ],
    };
  }
}
