import { can } from '@kcf/contracts';
import { useCurrentUser } from '@kcf/web-kit';

export interface Permissions {
  /** Add and edit records (admin, superadmin). */
  canWrite: boolean;
  /** Every delete (superadmin). */
  canDelete: boolean;
}

/** What the signed-in user may do, from the one permission table (the server checks the same). */
export function usePermissions(): Permissions {
  const { user } = useCurrentUser();
  return { canWrite: can.write(user?.role), canDelete: can.delete(user?.role) };
}
