import { can, roleMayAccess } from '@kcf/contracts';
import { useCurrentUser } from '@kcf/web-kit';

export interface Permissions {
  /** Staff reads: exports and reports (not the beneficiary role, which sees only its own child). */
  canExport: boolean;
  /** Add and edit records (admin, superadmin). */
  canWrite: boolean;
  /** Every delete (superadmin). */
  canDelete: boolean;
  /** A child's History card: its changes and views (admin, superadmin). */
  canReadHistory: boolean;
}

/** What the signed-in user may do, from the one permission table (the server checks the same). */
export function usePermissions(): Permissions {
  const { user } = useCurrentUser();
  const role = user?.role;
  return {
    canExport: !!role && roleMayAccess(role, 'read'),
    canWrite: can.write(role),
    canDelete: can.delete(role),
    canReadHistory: can.readChildHistory(role),
  };
}
