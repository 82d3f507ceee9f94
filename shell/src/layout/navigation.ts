import { roleMayAccess, type AccessLevel, type Role } from '@kcf/contracts';

export interface NavLinkItem {
  to: string;
  label: string;
  /** What the page reads, in the permission table's terms: who may use it sees the link. */
  access: AccessLevel;
}

/**
 * The sidebar, in order. Staff see the first five and the superadmin User Management, the
 * Audit Log and Data requests too; a beneficiary user sees only the pages that show its own child's records.
 */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/', label: 'Dashboard', access: 'read' },
  { to: '/beneficiaries', label: 'Beneficiaries', access: 'readOwnBeneficiary' },
  { to: '/gifts', label: 'Gifts', access: 'readOwnBeneficiary' },
  { to: '/finances', label: 'Finances', access: 'read' },
  { to: '/budget', label: 'Budget', access: 'read' },
  { to: '/users', label: 'User Management', access: 'manageUsers' },
  { to: '/audit', label: 'Audit Log', access: 'readAudit' },
  { to: '/data-requests', label: 'Data requests', access: 'manageDataRequests' },
];

export function navLinksFor(role: Role): NavLinkItem[] {
  return NAV_LINKS.filter((link) => roleMayAccess(role, link.access));
}

/** Whether `role` may open the page at `to` (one of the sidebar's pages). */
export function mayOpen(role: Role, to: string): boolean {
  const link = NAV_LINKS.find((item) => item.to === to);
  return !link || roleMayAccess(role, link.access);
}

/**
 * The role suffix in the sidebar footer: Super Admin, Admin, Beneficiary, otherwise Viewer. The same as the
 * contracts' `roleSuffix` (a test holds them together), kept here because the contracts' roles
 * module brings zod into the first load.
 */
export function roleLabel(role: Role): string {
  if (role === 'superadmin') return 'Super Admin';
  if (role === 'admin') return 'Admin';
  if (role === 'beneficiary') return 'Beneficiary';
  return 'Viewer';
}

/** First name when known, else the username. */
export function displayName(user: { firstName?: string | null; username: string }): string {
  const first = user.firstName?.trim();
  return first ? first : user.username;
}

export const FOUNDATION_NAME = "Kakamega Children's Foundation";
