import passport from 'passport';
import type { Request, Response } from 'express';

/** A passport strategy of this service (each registers with its own authenticator, see `ownAuthenticator`). */
export interface SignInStrategy {
  name?: string;
  getPassportInstance(): passport.Authenticator;
}

/** What a strategy decided: the user, or why there is none (what the strategy failed with). */
export type Authenticated<T> = { user: T } | { user: null; failure: unknown };

const authenticators = new WeakMap<object, passport.Authenticator>();

/**
 * The authenticator a strategy registers with (its `getPassportInstance`): one of its own rather than passport's
 * process-wide one, so two identity apps in one process (the tests, the one-process mode beside them) each sign
 * in with their own strategies, services and database.
 */
export function ownAuthenticator(strategy: object): passport.Authenticator {
  let authenticator = authenticators.get(strategy);
  if (!authenticator) {
    authenticator = new passport.Authenticator();
    authenticators.set(strategy, authenticator);
  }
  return authenticator;
}

/**
 * Runs a strategy on the request from the route's handler, not from a guard: the handler runs after the body
 * was validated with the contract's schema, inside the request's unit of work (the sign-in's writes, the cleared
 * failures and the new session, commit with the request; a repeated Idempotency-Key gets the recorded answer
 * without signing in again). An error the strategy meets (a refusal such as 401 or 429) rejects as it is.
 */
export function authenticate<T>(strategy: SignInStrategy, req: Request, res: Response): Promise<Authenticated<T>> {
  return new Promise((resolve, reject) => {
    const middleware = strategy
      .getPassportInstance()
      .authenticate(strategy.name ?? '', { session: false }, (error: unknown, user: T | false, failure: unknown) => {
        if (error) reject(error);
        else resolve(user ? { user } : { user: null, failure });
      }) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
    middleware(req, res, (error?: unknown) =>
      reject(error ?? new Error(`The ${strategy.name} strategy neither signed in nor refused`)),
    );
  });
}
