import { AppError } from '@kcf/server-kit';

export type LockScope = 'username' | 'address';

export interface LockoutPolicy {
  /** Failures within `windowMs` that lock the username. */
  maxPerUsername: number;
  /** Failures within `windowMs` that lock the address (any usernames). */
  maxPerAddress: number;
  windowMs: number;
  lockoutMs: number;
}

/** The username key: the same account whatever the case or surrounding spaces. */
export const usernameKey = (username: string) => username.trim().toLowerCase().slice(0, 255);

/** 'Too many attempts. Try again in 15 minutes.' (whole minutes, rounded up, at least one). */
export function tooManyAttemptsMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function tooManyAttempts(remainingMs: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(remainingMs));
}

/** Seconds for a Retry-After header. */
export const retryAfterSeconds = (remainingMs: number) => Math.max(1, Math.ceil(remainingMs / 1000));
