import type { Response } from 'express';
import type { AppError } from '@kcf/server-kit';
import { retryAfterSeconds, tooManyAttempts } from './lockout-policy';

/** The Retry-After of each lockout answer made here. */
const retryAfter = new WeakMap<object, number>();

/** 429: the username or address is locked for `remainingMs` more. */
export function lockedOut(remainingMs: number): AppError {
  const error = tooManyAttempts(remainingMs);
  retryAfter.set(error, retryAfterSeconds(remainingMs));
  return error;
}

/** Adds Retry-After to a lockout answer, then lets the error reach the global filter. */
export function withRetryAfter(res: Response) {
  return (error: unknown): never => {
    const seconds = typeof error === 'object' && error !== null ? retryAfter.get(error) : undefined;
    if (seconds !== undefined) res.setHeader('Retry-After', String(seconds));
    throw error;
  };
}
