import passport from 'passport';
import type { Request } from 'express';
import type { ProviderRefusal } from '../auth/sign-in.service';
import type { UserRow } from '../users/user-row';
import type { ProviderIdentity } from './oidc-client';

/** Who the provider says signed in, read from its answer at the callback; null when there is no sign-in to finish. */
export type ProviderAnswer = (req: Request) => Promise<ProviderIdentity | null>;

/** The local account of the provider's user, or false (the PassportStrategy mixin's callback around `validate`). */
type FindAccount = (identity: ProviderIdentity, done: (error: unknown, user?: UserRow | false) => void) => void;

/**
 * The passport strategy `oidc` of the identity provider's callback: reads the provider's answer (`answer`: the
 * pending sign-in and openid-client's checks), then finds the local account. It fails with the reason
 * (`provider-refused` when there is no sign-in to finish, `no-account`), and errors with whatever made the answer
 * untrustworthy.
 */
export class ProviderCallbackStrategy extends passport.Strategy {
  override name = 'oidc';

  constructor(
    private readonly answer: ProviderAnswer,
    private readonly findAccount: FindAccount,
  ) {
    super();
  }

  override authenticate(req: Request): void {
    this.answer(req).then(
      (identity) => {
        if (!identity) return this.fail('provider-refused' satisfies ProviderRefusal);
        this.findAccount(identity, (error, user) => {
          if (error) this.error(error);
          else if (user) this.success(user);
          else this.fail('no-account' satisfies ProviderRefusal);
        });
      },
      (error: unknown) => this.error(error),
    );
  }
}
