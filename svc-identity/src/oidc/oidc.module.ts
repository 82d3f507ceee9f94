import { Module } from '@nestjs/common';
import { SignInModule } from '../auth/sign-in.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { OidcClient } from './oidc-client';
import { OidcSignInController } from './oidc-sign-in.controller';
import { OidcStrategy } from './oidc.strategy';

/** Sign-in through an OpenID Connect provider (`GET /api/login`, its callback through the `oidc` passport strategy). */
@Module({
  imports: [UsersModule, SessionsModule, SignInModule],
  controllers: [OidcSignInController],
  providers: [OidcClient, OidcStrategy],
})
export class OidcModule {}
