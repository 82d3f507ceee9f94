import { openPendingSignIn, sealPendingSignIn, type PendingSignIn } from './pending-sign-in';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const pending: PendingSignIn = {
  state: 'st',
  nonce: 'no',
  codeVerifier: 'cv',
  redirectUri: 'https://kcf.example.org/api/login/callback',
  expiresAt: 1_000_000,
};

describe('pending sign-in cookie', () => {
  it('reads back what it sealed, before it expires', () => {
    expect(openPendingSignIn(sealPendingSignIn(pending, SECRET), SECRET, 999_999)).toEqual(pending);
  });

  it('does not show its content', () => {
    // A verifier long enough that ciphertext cannot contain it by chance (a two-letter one could).
    const verifier = 'verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
    const sealed = sealPendingSignIn({ ...pending, codeVerifier: verifier }, SECRET);
    for (const part of sealed.split('.')) {
      const text = Buffer.from(part, 'base64url').toString('utf8');
      expect(text).not.toContain(verifier);
      expect(text).not.toContain('codeVerifier');
      expect(text).not.toContain(pending.redirectUri);
    }
    expect(sealed).not.toContain(Buffer.from(verifier).toString('base64url'));
  });

  it('refuses an expired, altered, foreign or malformed value', () => {
    const sealed = sealPendingSignIn(pending, SECRET);
    expect(openPendingSignIn(sealed, SECRET, 1_000_000)).toBeNull();
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(openPendingSignIn([iv, tag, flipped.toString('base64url')].join('.'), SECRET, 0)).toBeNull();
    expect(openPendingSignIn(sealed, `${SECRET}-other`, 0)).toBeNull();
    expect(openPendingSignIn('not.a.cookie', SECRET, 0)).toBeNull();
    expect(openPendingSignIn(undefined, SECRET, 0)).toBeNull();
  });
});
