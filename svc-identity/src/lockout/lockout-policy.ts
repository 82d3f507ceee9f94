import { IDENTITY_ERRORS } from '@kcf/contracts';
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

/** Whole minutes left, rounded up, at least one. */
const minutesLeft = (remainingMs: number) => Math.max(1, Math.ceil(remainingMs / 60_000));

/** 'Too many attempts. Try again in 15 minutes.' */
export function tooManyAttemptsMessage(remainingMs: number): string {
  return IDENTITY_ERRORS.tooManyAttempts.message({ minutes: minutesLeft(remainingMs) });
}

/** 429: the username or address is locked for `remainingMs` more. */
export function tooManyAttempts(remainingMs: number): AppError {
  return AppError.of(IDENTITY_ERRORS.tooManyAttempts, { minutes: minutesLeft(remainingMs) });
}

/** Seconds for a Retry-After header. */
export const retryAfterSeconds = (remainingMs: number) => Math.max(1, Math.ceil(remainingMs / 1000));
