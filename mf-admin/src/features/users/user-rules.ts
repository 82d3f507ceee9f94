import type { Role, User } from '@kcf/contracts';

type Who = Pick<User, 'id' | 'role'>;

/**
 * A superadmin sees Reset Password and Delete on rows that are neither their own
 * nor another superadmin's.
 */
export function mayResetOrDelete(me: Who | null, row: Who): boolean {
  return me?.role === 'superadmin' && row.id !== me.id && row.role !== 'superadmin';
}

/** Last Active is counted from updatedAt, else createdAt. */
export function lastActiveOf(user: Pick<User, 'updatedAt' | 'createdAt'>): string {
  return user.updatedAt || user.createdAt;
}

/** Badge colour per role. */
export const ROLE_TONES: Record<Role, 'purple' | 'blue' | 'gray' | 'green'> = {
  superadmin: 'purple',
  admin: 'blue',
  viewer: 'gray',
  beneficiary: 'green',
};

/** The browser confirm before a delete. */
export function deleteConfirmation(name: string): string {
  return `Are you sure you want to delete user ${name}? This action cannot be undone.`;
}
