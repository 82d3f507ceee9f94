import { API_MESSAGES } from '../common/messages';
import { defineErrors } from './catalogue';

const inMinutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** Every error svc-identity answers with, beyond the common ones. */
export const IDENTITY_ERRORS = defineErrors('identity', {
  /** A wrong username or password, or an inactive user: the same words whether or not the user exists. */
  invalidCredentials: { status: 401, message: API_MESSAGES.invalidCredentials },
  /** The username or the client address is locked for `minutes` more (whole minutes, at least one). */
  tooManyAttempts: {
    status: 429,
    message: (p: { minutes: number }) => `Too many attempts. Try again in ${inMinutes(p.minutes)}.`,
  },
  wrongCurrentPassword: { status: 400, field: 'currentPassword', message: 'Current password is incorrect' },
  samePassword: {
    status: 400,
    field: 'newPassword',
    message: 'New password must be different from the current password',
  },
  /** Also for a path id that cannot be a user id. */
  userNotFound: { status: 404, message: 'User not found' },
  /** Any case: usernames are unique whatever their case. */
  usernameTaken: { status: 409, message: 'Username already exists' },
  userHasRecords: { status: 409, message: API_MESSAGES.userHasRecords },
  cannotDeleteSelf: { status: 403, message: 'You cannot delete your own account' },
  cannotResetSelf: { status: 403, message: 'You cannot reset your own password here. Use Change Password instead.' },
  cannotChangeOwnStatus: { status: 403, message: 'You cannot change the status of your own account' },
  superadminNotDeletable: { status: 403, message: 'A superadmin account cannot be deleted' },
  superadminNotResettable: { status: 403, message: "A superadmin's password cannot be reset" },
  superadminStatusFixed: { status: 403, message: "A superadmin account's status cannot be changed" },
  superadminRoleFixed: { status: 403, message: "A superadmin's role cannot be changed" },
  /** A beneficiary user linked to a child that svc-beneficiaries does not know. */
  beneficiaryNotFound: { status: 400, field: 'beneficiaryId', message: API_MESSAGES.beneficiaryNotFound },
  /** svc-beneficiaries could not say whether the linked child exists: nothing is saved. */
  beneficiariesUnavailable: { status: 503, message: 'The beneficiaries service is unavailable. Try again shortly.' },
  noPromotionToSuperadmin: {
    status: 403,
    message: 'An existing user cannot be made a superadmin. Create a new Super Admin account instead.',
  },
});
