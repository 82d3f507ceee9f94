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

/** Role options of the Create New User dialog. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: 'View-only access to all sections',
  admin: 'Full access except user management',
  superadmin: 'Full access including user management and delete operations',
  beneficiary: 'Access limited to own profile and records',
};

export const DEFAULT_ROLE: Role = 'viewer';
