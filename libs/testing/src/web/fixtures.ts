import type { CurrentUser } from '@kcf/web-kit';

/** A signed-in user for the specs: Grace Wanjiru, an active superadmin, unless told otherwise. */
export function currentUser(fields: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    username: 'gwanjiru',
    firstName: 'Grace',
    lastName: 'Wanjiru',
    role: 'superadmin',
    email: null,
    profileImageUrl: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    isActive: true,
    mustChangePassword: false,
    beneficiaryId: null,
    ...fields,
  };
}
