import { Inject, Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { CLOCK, type Clock } from '@kcf/server-kit';
import { ownAuthenticator } from '../auth/authenticate';
import { readCookie } from '../auth/cookies';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import type { UserRow } from '../users/user-row';
import { UsersService } from '../users/users.service';
import { OidcClient, type ProviderIdentity } from './oidc-client';
import { openPendingSignIn, PENDING_SIGN_IN_COOKIE } from './pending-sign-in';
import { localAccountFor } from './provider-account';
import { ProviderCallbackStrategy } from './provider-callback.strategy';

/**
 * The provider's answer at the callback, checked by `OidcClient` (state, PKCE, nonce, ID token) against the sealed
 * pending sign-in; null without a provider or a live pending sign-in.
 */
async function providerAnswer(
  req: Request,
  oidc: OidcClient,
  secret: string,
  clock: Clock,
): Promise<ProviderIdentity | null> {
  const pending = openPendingSignIn(
    readCookie(req.headers.cookie, PENDING_SIGN_IN_COOKIE),
    secret,
    clock.now().getTime(),
  );
  if (!oidc.enabled || !pending) return null;
  const callbackUrl = new URL(pending.redirectUri);
  callbackUrl.search = new URL(req.originalUrl, 'http://callback').search;
  return oidc.finish(callbackUrl, pending);
}

/** Sign-in through the identity provider (strategy `oidc`); run by `authenticate` from the callback route. */
@Injectable()
export class OidcStrategy extends PassportStrategy(ProviderCallbackStrategy) {
  private readonly logger = new Logger('OIDC');

  constructor(
    oidc: OidcClient,
    private readonly users: UsersService,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(CLOCK) clock: Clock,
  ) {
    super((req: Request) => providerAnswer(req, oidc, config.INTERNAL_SECRET, clock));
  }

  /** The active local user the provider's user signs in as; false when there is none. */
  async validate(identity: ProviderIdentity): Promise<UserRow | false> {
    const user = await localAccountFor(identity, this.users);
    if (!user)
      this.logger.warn(
        `Provider user ${identity.username ?? identity.email ?? identity.subject} has no active local account`,
      );
    return user ?? false;
  }

  getPassportInstance() {
    return ownAuthenticator(this);
  }
}
