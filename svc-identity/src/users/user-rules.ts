import type { Role } from '@kcf/contracts';

/** What a superadmin may do to another account through User Management. */
export type ManagedAction = 'delete' | 'reset' | 'status';

export interface ManagedUser {
  id: string;
  role: Role;
}

const SELF: Record<ManagedAction, string> = {
  delete: 'You cannot delete your own account',
  reset: 'You cannot reset your own password here. Use Change Password instead.',
  status: 'You cannot change the status of your own account',
};

const SUPERADMIN: Record<ManagedAction, string> = {
  delete: 'A superadmin account cannot be deleted',
  reset: "A superadmin's password cannot be reset",
  status: "A superadmin account's status cannot be changed",
};

/**
 * Why `actorId` may not do `action` to `target` (403), or null when allowed. A superadmin can neither
 * delete, reset nor (de)activate itself or another superadmin (api-contract.md, Authorization).
 */
export function managementRefusal(actorId: string, target: ManagedUser, action: ManagedAction): string | null {
  if (target.id === actorId) return SELF[action];
  if (target.role === 'superadmin') return SUPERADMIN[action];
  return null;
}

export const SUPERADMIN_ROLE_FIXED = "A superadmin's role cannot be changed";
export const NO_PROMOTION_TO_SUPERADMIN = 'An existing user cannot be made a superadmin. Create a new Super Admin account instead.';

/**
 * Why a role change is refused (403), or null. A superadmin stays a superadmin (the account can be
 * neither deleted nor reset, so a demotion could never be undone by anyone else either), and nobody is
 * promoted to superadmin: a new superadmin is created with a temporary password it must change.
 */
export function roleChangeRefusal(currentRole: Role, nextRole: Role): string | null {
  if (currentRole === nextRole) return null;
  if (currentRole === 'superadmin') return SUPERADMIN_ROLE_FIXED;
  if (nextRole === 'superadmin') return NO_PROMOTION_TO_SUPERADMIN;
  return null;
}
