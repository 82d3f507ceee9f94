import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModules, systemClock } from '@kcf/server-kit';
import { AccountModule } from './account/account.module';
import { AuditNamesModule } from './audit/audit-names.module';
import { SignInModule } from './auth/sign-in.module';
import { IDENTITY_DB, type IdentityConfig } from './config';
import { CoreModule, type IdentityDeps } from './core.module';
import { ERASURE_CONSUMERS, ErasureModule } from './erasure';
import { LockoutModule } from './lockout/lockout.module';
import { IDENTITY_MIGRATIONS } from './migrations';
import { OidcModule } from './oidc/oidc.module';
import { CreatedRecordsConsumer } from './records/created-records.consumer';
import { RecordsModule } from './records/records.module';
import { SessionsModule } from './sessions/sessions.module';
import { UserManagementModule } from './users/user-management.module';
import { UsersModule } from './users/users.module';

export { IDENTITY_MIGRATIONS } from './migrations';
export type { IdentityDeps } from './core.module';

/** svc-identity: what every service imports, then one module per feature, each owning its providers and routes. */
@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, deps: IdentityDeps = {}): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        CoreModule.forRoot(config, deps),
        ...serviceModules({
          name: IDENTITY_DB,
          domain: 'identity',
          clock: deps.clock ?? systemClock,
          config,
          migrations: IDENTITY_MIGRATIONS,
          consumers: [CreatedRecordsConsumer, ...ERASURE_CONSUMERS],
          inProcessBus: deps.inProcessBus,
        }),
        AuditNamesModule,
        SignInModule,
        OidcModule,
        AccountModule,
        UserManagementModule,
        UsersModule,
        SessionsModule,
        LockoutModule,
        RecordsModule,
        ErasureModule,
      ],
    };
  }
}
