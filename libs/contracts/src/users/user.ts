import { z } from 'zod';
import { IsoTimestamp } from '../common/dates';
import { Id } from '../common/ids';
import { RoleSchema } from '../enums/roles';

/** A user as every endpoint returns it (never a password hash). */
export const User = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  /** Null: the screens show a placeholder image. */
  profileImageUrl: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  isActive: z.boolean(),
  /** True for users created by an admin and users whose password was reset. */
  mustChangePassword: z.boolean(),
  /** The child a beneficiary user is linked to; null for staff. */
  beneficiaryId: z.string().nullable(),
});
export type User = z.infer<typeof User>;

/** GET /api/auth/user answers the signed-in user. */
export const CurrentUser = User;
export type CurrentUser = User;

/** Full name for tables and confirmations, falling back to the username. */
export function userDisplayName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}
