import type { Role, User } from '@kcf/contracts';

/** A row of `users` as the repository reads it (with the password hash, which never leaves the service). */
export interface UserRow {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: Role;
  passwordHash: string;
  mustChangePassword: boolean;
  isActive: boolean;
  beneficiaryId: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The user as the API shows it: never the password hash. */
export function toPublicUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    profileImageUrl: u.profileImageUrl,
    isActive: u.isActive,
    mustChangePassword: u.mustChangePassword,
    beneficiaryId: u.beneficiaryId,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
