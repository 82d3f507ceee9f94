import { API_MESSAGES } from '@kcf/contracts';
import { errorMessageOf } from '@kcf/web-kit';

/** The toasts of user management. */
export const USER_TEXTS = {
  created: 'User created successfully. They will need to change their password on first login.',
  createFailed: 'Failed to create user',
  updated: 'User updated successfully',
  updateFailed: 'Failed to update user',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  reset: 'Password reset successfully. User will be required to change password on next login.',
  resetFailed: 'Failed to reset password',
} as const;

/** The list's empty states: none at all, or none for the filters (with a way back to everyone). */
export const USER_LIST_TEXTS = {
  empty: 'No users found.',
  noMatch: 'No users match these filters.',
  clearFilters: 'Clear filters',
} as const;

/** A failed delete: the records rule has its own longer text; anything else the fallback. */
export function deleteFailureText(error: unknown): string {
  const message = errorMessageOf(error, '');
  return message.includes(API_MESSAGES.userHasRecords) ? API_MESSAGES.userHasRecordsDetail : USER_TEXTS.deleteFailed;
}
