import type { Response } from 'express';
import { AppError } from '@kcf/server-kit';
import { retryAfterSeconds, tooManyAttemptsMessage } from './lockout-policy';

/** 429: the username or address is locked for `remainingMs` more. */
export class LockedOutError extends AppError {
  constructor(readonly remainingMs: number) {
    super('TOO_MANY_REQUESTS', tooManyAttemptsMessage(remainingMs));
  }
}

/** Adds Retry-After to a lockout answer, then lets the error reach the global filter. */
export function withRetryAfter(res: Response) {
  return (error: unknown): never => {
    if (error instanceof LockedOutError) res.setHeader('Retry-After', String(retryAfterSeconds(error.remainingMs)));
    throw error;
  };
}
