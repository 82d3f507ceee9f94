import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { UserRow } from '../users/user-row';
import { ownAuthenticator } from './authenticate';
import { SignInService } from './sign-in.service';

/** Sign-in with a username and password (passport-local, strategy `local`); run by `authenticate` from the login route. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly signIn: SignInService) {
    super({ passReqToCallback: true });
  }

  /** The active user with these credentials; 401 otherwise, 429 while the username or the caller's address is locked. */
  validate(req: Request, username: string, password: string): Promise<UserRow> {
    return this.signIn.withPassword(username, password, req.ip);
  }

  getPassportInstance() {
    return ownAuthenticator(this);
  }
}
