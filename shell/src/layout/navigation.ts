import { can, type Role } from '@kcf/contracts';

export interface NavLinkItem {
  to: string;
  label: string;
  /** Who sees the link; everyone signed in when absent. */
  visibleTo?: (role: Role) => boolean;
}

/** The sidebar, in order (spec §2, Shell). */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/', label: 'Dashboard' },
  { to: '/beneficiaries', label: 'Beneficiaries' },
  { to: '/gifts', label: 'Gifts' },
  { to: '/finances', label: 'Finances' },
  { to: '/budget', label: 'Budget' },
  { to: '/users', label: 'User Management', visibleTo: (role) => can.manageUsers(role) },
];

export function navLinksFor(role: Role): NavLinkItem[] {
  return NAV_LINKS.filter((link) => !link.visibleTo || link.visibleTo(role));
}

/**
 * The role suffix in the sidebar footer: Super Admin, Admin, otherwise Viewer. The same as the
 * contracts' `roleSuffix` (a test holds them together), kept here because the contracts' roles
 * module brings zod into the first load.
 */
export function roleLabel(role: Role): string {
  if (role === 'superadmin') return 'Super Admin';
  if (role === 'admin') return 'Admin';
  return 'Viewer';
}

/** First name when known, else the username. */
export function displayName(user: { firstName?: string | null; username: string }): string {
  const first = user.firstName?.trim();
  return first ? first : user.username;
}

export const FOUNDATION_NAME = "Kakamega Children's Foundation";
