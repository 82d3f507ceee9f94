import { Module } from '@nestjs/common';
import { LockoutModule } from '../lockout/lockout.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AccountService } from './account.service';

/** The signed-in user's own password. */
@Module({
  imports: [UsersModule, SessionsModule, LockoutModule],
  providers: [AccountService],
  exports: [AccountService],
})
export class AccountModule {}
