import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What the callback needs to finish a sign-in the browser started (kept in a sealed cookie). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** Epoch milliseconds after which the callback is refused. */
  expiresAt: number;
}

export const PENDING_SIGN_IN_COOKIE = 'kcf_oidc';
/** Long enough to type a password at the provider, short enough to be useless later. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;

const keyFrom = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'kcf-identity', 'oidc-pending-sign-in', 32));

/** AES-256-GCM with a key derived from the internal secret: the browser can neither read nor alter it. */
export function sealPendingSignIn(pending: PendingSignIn, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The pending sign-in in a cookie value; null when it is missing, forged, malformed or expired. */
export function openPendingSignIn(value: string | undefined, secret: string, now: number): PendingSignIn | null {
  if (!value || value.length > 4096) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  try {
    const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
    if (iv.length !== 12 || tag.length !== 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), iv);
    decipher.setAuthTag(tag);
    const pending = JSON.parse(
      Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
    ) as PendingSignIn;
    const complete = ['state', 'nonce', 'codeVerifier', 'redirectUri'].every(
      (k) => typeof pending[k as keyof PendingSignIn] === 'string',
    );
    if (!complete || typeof pending.expiresAt !== 'number' || pending.expiresAt <= now) return null;
    return pending;
  } catch {
    return null;
  }
}
