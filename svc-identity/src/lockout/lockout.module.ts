import { Module } from '@nestjs/common';
import { LockoutRepository } from './lockout.repository';
import { LoginThrottle } from './login-throttle.service';

/** The brute-force limit: failed sign-ins and locks per username and per address. */
@Module({
  providers: [LockoutRepository, LoginThrottle],
  exports: [LoginThrottle],
})
export class LockoutModule {}
