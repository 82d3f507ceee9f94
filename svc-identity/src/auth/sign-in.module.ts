import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { LockoutModule } from '../lockout/lockout.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { CurrentUserController } from './current-user.controller';
import { LocalStrategy } from './local.strategy';
import { SignInService } from './sign-in.service';

/**
 * Local sign-in (the passport-local strategy) and sign-out, change password, the current user; opening a session
 * (also for the provider's sign-in).
 */
@Module({
  imports: [UsersModule, SessionsModule, LockoutModule, AccountModule],
  controllers: [AuthController, CurrentUserController],
  providers: [SignInService, LocalStrategy],
  exports: [SignInService],
})
export class SignInModule {}
