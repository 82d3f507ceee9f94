import type { AuditActor } from '@kcf/contracts';
import type { AuditSubject } from '@kcf/server-kit';
import type { UserRow } from './user-row';

/** The display name the gateway signs into the context (first and last name), so entries name a user the same way. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
}

/** A user as an entry's actor, for the security events whose request has no session of that user (sign-in, expiry). */
export function actorOfUser(user: UserRow): AuditActor {
  return { id: user.id, username: user.username, name: displayName(user), role: user.role };
}

/** Nobody known: a failed sign-in with a username that names no account (which is never recorded: it may be a password). */
export const UNKNOWN_ACTOR: AuditActor = { id: null, username: null, name: null, role: null };

/** What a change of a user is about: the user, and the child a beneficiary-role user is linked to. */
export function userSubject(
  user: Pick<UserRow, 'id' | 'beneficiaryId'>,
  linked: Pick<UserRow, 'beneficiaryId'> | null = null,
): AuditSubject {
  return { entityType: 'user', entityId: user.id, beneficiaryId: user.beneficiaryId ?? linked?.beneficiaryId ?? null };
}

/** What a password change or reset is about (never its values). */
export function passwordSubject(userId: string, kind: 'change-by-user' | 'reset-by-admin'): AuditSubject {
  return { entityType: 'password', entityId: userId, details: { kind } };
}
