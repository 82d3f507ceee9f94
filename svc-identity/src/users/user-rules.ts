import { IDENTITY_ERRORS, type ErrorEntry, type Role } from '@kcf/contracts';

/** What a superadmin may do to another account through User Management. */
export type ManagedAction = 'delete' | 'reset' | 'status';

export interface ManagedUser {
  id: string;
  role: Role;
}

const SELF: Record<ManagedAction, ErrorEntry> = {
  delete: IDENTITY_ERRORS.cannotDeleteSelf,
  reset: IDENTITY_ERRORS.cannotResetSelf,
  status: IDENTITY_ERRORS.cannotChangeOwnStatus,
};

const SUPERADMIN: Record<ManagedAction, ErrorEntry> = {
  delete: IDENTITY_ERRORS.superadminNotDeletable,
  reset: IDENTITY_ERRORS.superadminNotResettable,
  status: IDENTITY_ERRORS.superadminStatusFixed,
};

/**
 * Why `actorId` may not do `action` to `target` (a 403 of the catalogue), or null when allowed. A superadmin
 * can neither delete, reset nor (de)activate itself or another superadmin.
 */
export function managementRefusal(actorId: string, target: ManagedUser, action: ManagedAction): ErrorEntry | null {
  if (target.id === actorId) return SELF[action];
  if (target.role === 'superadmin') return SUPERADMIN[action];
  return null;
}

/**
 * Why a role change is refused (a 403 of the catalogue), or null. A superadmin stays a superadmin (the
 * account can be neither deleted nor reset, so a demotion could never be undone by anyone else either), and
 * nobody is promoted to superadmin: a new superadmin is created with a temporary password it must change.
 */
export function roleChangeRefusal(currentRole: Role, nextRole: Role): ErrorEntry | null {
  if (currentRole === nextRole) return null;
  if (currentRole === 'superadmin') return IDENTITY_ERRORS.superadminRoleFixed;
  if (nextRole === 'superadmin') return IDENTITY_ERRORS.noPromotionToSuperadmin;
  return null;
}
