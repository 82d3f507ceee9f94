/**
 * Fixed texts the services answer with and the screens react to, word for word.
 * Both sides import them, so a screen that looks for a message finds exactly what the server sent.
 */
export const API_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  beneficiaryNotFound: 'Beneficiary not found',
  passwordChangeRequired: 'Password change required',
  tooManyAttempts: 'Too many attempts, please try again later',
  userHasRecords: 'Cannot delete user who has created records',
  /** Shown by the screens when the server's message contains `userHasRecords`. */
  userHasRecordsDetail: 'Cannot delete user who has created records. User has existing financial or document records.',
  noPositiveBalance: 'Cannot create expense: No positive balance available',
  insufficientBalanceTitle: 'Insufficient Balance',
  fileTooLarge: 'File is too large',
  fileTypeNotAccepted: 'File type is not accepted',
  /** A Monthly Report asked for a month after this one (it could only be empty). */
  monthlyReportFuture: 'A monthly report can only be made for this month or an earlier one',
} as const;
