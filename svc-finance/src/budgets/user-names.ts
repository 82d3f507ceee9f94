import { INTERNAL } from '@kcf/contracts';
import { AppError, InternalCallRefused, InternalClient, type UserContext } from '@kcf/server-kit';

/** The name to print as a report's "generatedBy". */
export interface UserNames {
  nameOf(user: UserContext): Promise<string>;
}
export const USER_NAMES = Symbol('UserNames');

export const UNKNOWN_USER = 'Unknown user';

/** "First Last", else the username, else UNKNOWN_USER. */
export function displayName(
  user: { firstName?: unknown; lastName?: unknown; username?: unknown } | null | undefined,
): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const full = [text(user?.firstName), text(user?.lastName)].filter(Boolean).join(' ');
  return full || text(user?.username) || UNKNOWN_USER;
}

/**
 * `INTERNAL.currentUser`: svc-identity's record of the signed-in user, asked with that user's own context (the
 * signed context carries only the user id). A report is never refused for want of a name: when identity does not
 * answer, or answers with another status or shape, the report says UNKNOWN_USER.
 */
export class IdentityUserNames implements UserNames {
  constructor(private readonly client: InternalClient) {}

  async nameOf(user: UserContext): Promise<string> {
    try {
      return displayName(await this.client.call(INTERNAL.currentUser, undefined, { as: user, timeoutMs: 3000 }));
    } catch (error) {
      if (error instanceof AppError || error instanceof InternalCallRefused) return UNKNOWN_USER;
      throw error;
    }
  }
}
