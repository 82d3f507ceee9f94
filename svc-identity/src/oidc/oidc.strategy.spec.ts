import type { Request, Response } from 'express';
import { ManualClock } from '@kcf/server-kit';
import { authenticate } from '../auth/authenticate';
import type { IdentityConfig } from '../config';
import type { UserRow } from '../users/user-row';
import type { UsersService } from '../users/users.service';
import type { OidcClient, ProviderIdentity } from './oidc-client';
import { OidcStrategy } from './oidc.strategy';
import { PENDING_SIGN_IN_COOKIE, sealPendingSignIn, type PendingSignIn } from './pending-sign-in';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const config = { INTERNAL_SECRET: SECRET } as IdentityConfig;
const clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
const pending: PendingSignIn = {
  state: 'st',
  nonce: 'no',
  codeVerifier: 'cv',
  redirectUri: 'https://kcf.example.org/api/login/callback',
  expiresAt: clock.now().getTime() + 60_000,
};
const amina = { id: 'u1', username: 'amina', isActive: true } as UserRow;
const identity: ProviderIdentity = { subject: 's1', username: 'amina', email: null, emailVerified: null };
const response = {} as Response;

function callback(cookie?: string): Request {
  return {
    headers: cookie ? { cookie: `${PENDING_SIGN_IN_COOKIE}=${cookie}` } : {},
    originalUrl: '/api/login/callback?code=c1&state=st',
    query: {},
  } as unknown as Request;
}

function strategy(answer: () => Promise<ProviderIdentity>, account: UserRow | null = amina) {
  const finished: URL[] = [];
  const oidc = { enabled: true, finish: (url: URL) => (finished.push(url), answer()) } as unknown as OidcClient;
  const users = { findByUsername: async () => account, findActiveByEmail: async () => [] } as unknown as UsersService;
  return { strategy: new OidcStrategy(oidc, users, config, clock), finished };
}

describe('OidcStrategy (the provider’s callback)', () => {
  it('signs in the local account of the provider’s user, checking the answer at the callback URL', async () => {
    const { strategy: s, finished } = strategy(async () => identity);
    await expect(authenticate(s, callback(sealPendingSignIn(pending, SECRET)), response)).resolves.toEqual({
      user: amina,
    });
    expect(finished.map(String)).toEqual(['https://kcf.example.org/api/login/callback?code=c1&state=st']);
  });

  it('fails as refused without a pending sign-in, never asking the provider', async () => {
    const { strategy: s, finished } = strategy(async () => identity);
    await expect(authenticate(s, callback(), response)).resolves.toEqual({ user: null, failure: 'provider-refused' });
    expect(finished).toEqual([]);
  });

  it('fails as no account when no active local user matches', async () => {
    const { strategy: s } = strategy(async () => identity, null);
    await expect(authenticate(s, callback(sealPendingSignIn(pending, SECRET)), response)).resolves.toEqual({
      user: null,
      failure: 'no-account',
    });
  });

  it('hands on an answer it could not trust as an error', async () => {
    const forged = new Error('state mismatch');
    const { strategy: s } = strategy(async () => Promise.reject(forged));
    await expect(authenticate(s, callback(sealPendingSignIn(pending, SECRET)), response)).rejects.toBe(forged);
  });
});
