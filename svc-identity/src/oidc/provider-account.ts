import type { UserRow } from '../users/user-row';
import type { ProviderIdentity } from './oidc-client';

export interface LocalAccounts {
  findByUsername(username: string): Promise<UserRow | null>;
  findActiveByEmail(email: string): Promise<UserRow[]>;
}

/**
 * The ACTIVE local user the provider's user signs in as, or null (no local account, no entry):
 * first by username (`preferred_username`, any case), else by email unless the provider says the
 * email is unverified, and only when exactly one active user has it.
 */
export async function localAccountFor(identity: ProviderIdentity, accounts: LocalAccounts): Promise<UserRow | null> {
  if (identity.username) {
    const byName = await accounts.findByUsername(identity.username);
    if (byName) return byName.isActive ? byName : null;
  }
  if (identity.email && identity.emailVerified !== false) {
    const byEmail = await accounts.findActiveByEmail(identity.email);
    if (byEmail.length === 1) return byEmail[0];
  }
  return null;
}
