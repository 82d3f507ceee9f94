import { API_MESSAGES } from '@kcf/contracts';
import type { ToastApi } from '@kcf/ui';
import { errorMessageOf, isUnauthorizedError, redirectToLogin } from '@kcf/web-kit';

/** Spec §8, Users. */
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

type Toast = ToastApi['toast'];

/** Spec §8 "Unauthorized": the session is gone; sign in again after 500 ms. Returns whether it was that. */
export function handleUnauthorized(toast: Toast, error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  redirectToLogin();
  return true;
}

export function toastSuccess(toast: Toast, description: string): void {
  toast({ title: 'Success', description });
}

/** A failed save: the 401 rule first, else the server's message or the fallback. */
export function toastFailure(toast: Toast, error: unknown, fallback: string): void {
  if (handleUnauthorized(toast, error)) return;
  toast({ title: 'Error', description: errorMessageOf(error, fallback), variant: 'destructive' });
}

/** A failed delete: the records rule has its own longer text; anything else the fallback. */
export function deleteFailureText(error: unknown): string {
  const message = errorMessageOf(error, '');
  return message.includes(API_MESSAGES.userHasRecords) ? API_MESSAGES.userHasRecordsDetail : USER_TEXTS.deleteFailed;
}
