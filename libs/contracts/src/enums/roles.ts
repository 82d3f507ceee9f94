import { z } from 'zod';
import { ROLES, type Role } from '../auth/access';

export const RoleSchema = z.enum(ROLES, { error: 'Role must be one of: viewer, admin, superadmin, beneficiary' });

/** Role suffix in the sidebar footer (Super Admin, Admin, Beneficiary, otherwise Viewer). */
export function roleSuffix(role: Role | undefined): string {
  if (role === 'superadmin') return 'Super Admin';
  if (role === 'admin') return 'Admin';
  if (role === 'beneficiary') return 'Beneficiary';
  return 'Viewer';
}

/** Role badge and select labels. */
export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  admin: 'Admin',
  superadmin: 'Super Admin',
  beneficiary: 'Beneficiary',
};

/** Descriptive titles in the user table. */
export const ROLE_TITLES: Record<Role, string> = {
  superadmin: 'System Administrator',
  admin: 'Program Coordinator',
  viewer: 'Field Officer',
  beneficiary: 'Program Beneficiary',
};

/** The role options of the Create New User dialog, as the role select reads them. */
export const ROLE_OPTIONS: Record<Role, string> = {
  viewer: 'Viewer: view-only access to all sections.',
  admin: 'Admin: full access except user management.',
  superadmin: 'Super Admin: full access including user management and delete operations.',
  beneficiary: 'Beneficiary: access limited to own profile and records.',
};

export const DEFAULT_ROLE: Role = 'viewer';
