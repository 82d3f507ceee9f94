import { createContext, useContext } from 'react';
import { can, roleMayAccess } from '@kcf/contracts';
import { useCurrentUser } from '@kcf/web-kit';

export interface Permissions {
  /** Staff reads: exports and reports (not the beneficiary role, which sees only its own child). */
  canExport: boolean;
  /** The children's list holds every child, searched, filtered and sorted (staff); the beneficiary role's holds its own child alone. */
  listsAllChildren: boolean;
  /** Add and edit records (admin, superadmin), unless the child's record is locked. */
  canWrite: boolean;
  /** Every delete (superadmin), unless the child's record is locked. */
  canDelete: boolean;
  /** A child's History card: its changes and views (admin, superadmin). */
  canReadHistory: boolean;
  /** Record, renew and withdraw a child's consents (admin, superadmin). */
  canRecordConsent: boolean;
  /** Withdraw a consent: staff who record them, and the beneficiary user for its own child. */
  canWithdrawConsent: boolean;
}

/**
 * Set by the child's profile while its registration consent is withdrawn: the server then refuses every
 * write about the child but consent, export and erasure (409), so the screens hide those controls.
 */
export const RecordLockContext = createContext(false);

/** What the signed-in user may do, from the one permission table (the server checks the same). */
export function usePermissions(): Permissions {
  const { user } = useCurrentUser();
  const locked = useContext(RecordLockContext);
  const role = user?.role;
  const canRecordConsent = can.write(role);
  const staffReads = !!role && roleMayAccess(role, 'read');
  return {
    canExport: staffReads,
    listsAllChildren: staffReads,
    canWrite: can.write(role) && !locked,
    canDelete: can.delete(role) && !locked,
    canReadHistory: can.readChildHistory(role),
    canRecordConsent,
    canWithdrawConsent: can.changeConsent(role),
  };
}
