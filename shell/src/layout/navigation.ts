import { roleMayAccess, type AccessLevel, type Role } from '@kcf/contracts';
import { ALL_PAGES, type Page } from '../pages/page-table';

export interface NavLinkItem {
  to: string;
  label: string;
  /** What the page reads, in the permission table's terms: who may use it sees the link. */
  access: AccessLevel;
}

/**
 * The sidebar, in order: the page table's pages with a label. Staff see the first five and the superadmin
 * User Management, the Audit Log and Data requests too; a beneficiary user sees only the pages that show its
 * own child's records.
 */
export const NAV_LINKS: readonly NavLinkItem[] = ALL_PAGES.flatMap((page) =>
  page.label && page.access ? [{ to: page.path, label: page.label, access: page.access }] : [],
);

export function navLinksFor(role: Role): NavLinkItem[] {
  return NAV_LINKS.filter((link) => roleMayAccess(role, link.access));
}

/** Whether `role` may open `page` (a page without an access level: everyone signed in). */
export function mayOpen(role: Role, page: Page): boolean {
  return !page.access || roleMayAccess(role, page.access);
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
