/**
 * The one permission table: which roles may use each access level (a route without a level is refused).
 * Every route of every service declares one access level; the server-side guard and the
 * screens' gating both read this table, so a rule lives in exactly one place.
 */
export const ROLES = ['viewer', 'admin', 'superadmin', 'beneficiary'] as const;
export type Role = (typeof ROLES)[number];

export const ACCESS_LEVELS = [
  /** No session needed (sign-in, health). */
  'public',
  /** Service-to-service calls signed by the gateway or another service; never a browser. */
  'internal',
  /** Any signed-in user, whatever the role (current user, own password, sign out). */
  'signedIn',
  /** Staff reads: everything, exports, reports. */
  'read',
  /** A read the beneficiary role may also make, scoped by the service to its own child (else 404). */
  'readOwnBeneficiary',
  /** Create and update records. */
  'write',
  /** Every delete. */
  'delete',
  /** User management. */
  'manageUsers',
  /**
   * A guardian's consent for a child: staff record any change; the beneficiary user (the guardian's account)
   * only withdraws, for its own child (the service decides that part).
   */
  'changeConsent',
  /** A child's history in the audit trail (changes and views; never security events). */
  'readChildHistory',
  /** The whole audit trail, its export and its verification. */
  'readAudit',
  /** A child's data requests (erasure): making them and following their progress. */
  'manageDataRequests',
  /**
   * An export of one child's data ("Download all data"): the superadmin for any child, the beneficiary user
   * for its own child only (the service decides that part), each following and downloading only its own.
   */
  'requestExport',
] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ACCESS_TABLE: Record<Exclude<AccessLevel, 'public' | 'internal'>, readonly Role[]> = {
  signedIn: ['viewer', 'admin', 'superadmin', 'beneficiary'],
  read: ['viewer', 'admin', 'superadmin'],
  readOwnBeneficiary: ['viewer', 'admin', 'superadmin', 'beneficiary'],
  write: ['admin', 'superadmin'],
  delete: ['superadmin'],
  manageUsers: ['superadmin'],
  changeConsent: ['admin', 'superadmin', 'beneficiary'],
  readChildHistory: ['admin', 'superadmin'],
  readAudit: ['superadmin'],
  manageDataRequests: ['superadmin'],
  requestExport: ['superadmin', 'beneficiary'],
};

/** Whether a signed-in user of `role` may use a route declared with `level`. */
export function roleMayAccess(role: Role, level: AccessLevel): boolean {
  if (level === 'public') return true;
  if (level === 'internal') return false;
  return ACCESS_TABLE[level].includes(role);
}

/** Screen gating helpers: the same table, read by the browser. */
export const can = {
  write: (role: Role | undefined) => !!role && roleMayAccess(role, 'write'),
  delete: (role: Role | undefined) => !!role && roleMayAccess(role, 'delete'),
  manageUsers: (role: Role | undefined) => !!role && roleMayAccess(role, 'manageUsers'),
  changeConsent: (role: Role | undefined) => !!role && roleMayAccess(role, 'changeConsent'),
  readChildHistory: (role: Role | undefined) => !!role && roleMayAccess(role, 'readChildHistory'),
  readAudit: (role: Role | undefined) => !!role && roleMayAccess(role, 'readAudit'),
  manageDataRequests: (role: Role | undefined) => !!role && roleMayAccess(role, 'manageDataRequests'),
  requestExport: (role: Role | undefined) => !!role && roleMayAccess(role, 'requestExport'),
};
