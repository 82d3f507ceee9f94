import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Configuration } from 'openid-client';
import { CLOCK, type Clock } from '@kcf/server-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { PENDING_SIGN_IN_TTL_MS, type PendingSignIn } from './pending-sign-in';

type OpenIdClient = typeof import('openid-client');

/** Who the provider says signed in (the claims identity matches local users by). */
export interface ProviderIdentity {
  subject: string;
  username: string | null;
  email: string | null;
  emailVerified: boolean | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The OpenID Connect relying party (authorization code + PKCE, state and nonce) on `openid-client` 6,
 * an ESM-only package loaded on first use. The provider's metadata is discovered on the first sign-in
 * (not at start, so identity starts while the provider is down) and kept; a failed discovery is retried.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger('OIDC');
  private lib?: Promise<OpenIdClient>;
  private discovered?: Promise<Configuration>;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return !!(this.config.OIDC_ISSUER && this.config.OIDC_CLIENT_ID && this.config.OIDC_CLIENT_SECRET);
  }

  /** Where to send the browser, and what to remember until it comes back. */
  async start(redirectUri: string): Promise<{ url: string; pending: PendingSignIn }> {
    const client = await this.client();
    const configuration = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier,
      redirectUri,
      expiresAt: this.clock.now().getTime() + PENDING_SIGN_IN_TTL_MS,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.OIDC_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Checks the provider's answer (state, PKCE, nonce, ID token) and says who signed in. Throws when anything is off. */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<ProviderIdentity> {
    const client = await this.client();
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
    const subject = String(claims.sub);
    if (!text(claims.preferred_username) && !text(claims.email) && configuration.serverMetadata().userinfo_endpoint) {
      claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, subject)), ...claims };
    }
    return {
      subject,
      username: text(claims.preferred_username),
      email: text(claims.email),
      emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
    };
  }

  private client(): Promise<OpenIdClient> {
    this.lib ??= import('openid-client');
    return this.lib;
  }

  private configuration(): Promise<Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      this.logger.warn(
        `Discovery at ${this.config.OIDC_ISSUER} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw error;
    });
    return this.discovered;
  }

  private async discover(): Promise<Configuration> {
    const client = await this.client();
    const issuer = new URL(this.config.OIDC_ISSUER!);
    // Plain http only for a provider on this machine (development, tests); anywhere else https.
    const execute = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [client.allowInsecureRequests] : [];
    return client.discovery(issuer, this.config.OIDC_CLIENT_ID!, this.config.OIDC_CLIENT_SECRET!, undefined, {
      execute,
    });
  }
}
