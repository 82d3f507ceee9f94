import { lastActiveText, type Role, type User } from '@kcf/contracts';
import { formatDate } from '@kcf/web-kit';

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

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The Last Active column: relative under a week ('Just now', 'N hours ago', 'N days ago'), otherwise a date in
 * the app's format (e.g. '24 Nov 2026').
 */
export function lastActiveLabel(user: Pick<User, 'updatedAt' | 'createdAt'>, now: Date): string {
  const at = lastActiveOf(user);
  return now.getTime() - new Date(at).getTime() < WEEK_MS ? lastActiveText(at, now) : formatDate(at);
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
