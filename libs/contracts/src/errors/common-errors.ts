import { API_MESSAGES } from '../common/messages';
import { defineErrors } from './catalogue';

/**
 * Errors every service and the gateway answer with: an error body is `{message, errors?, requestId}`; a
 * request without a valid session is 401 `Unauthorized`, one the role may not make 403 `Forbidden`, and a
 * user who must change the password is refused everything but the signed-in routes with 403
 * `Password change required`.
 */
export const COMMON_ERRORS = defineErrors('common', {
  badRequest: { status: 400, message: (p: { message?: string } = {}) => p.message ?? 'Bad request' },
  unauthorized: { status: 401, message: API_MESSAGES.unauthorized },
  forbidden: { status: 403, message: API_MESSAGES.forbidden },
  passwordChangeRequired: { status: 403, message: API_MESSAGES.passwordChangeRequired },
  notFound: { status: 404, message: API_MESSAGES.notFound },
  conflict: { status: 409, message: (p: { message: string }) => p.message },
  unprocessable: { status: 422, message: (p: { message: string }) => p.message },
  tooLarge: { status: 413, message: API_MESSAGES.fileTooLarge },
  unsupportedType: { status: 415, message: API_MESSAGES.fileTypeNotAccepted },
  /** An Idempotency-Key header that is not 1 to 255 printable ASCII characters. */
  idempotencyKeyInvalid: { status: 400, message: 'Idempotency-Key must be 1 to 255 printable ASCII characters' },
  /** The same Idempotency-Key sent again with another method, path or body. */
  idempotencyKeyReused: { status: 422, message: 'This Idempotency-Key was already used for a different request' },
  /** The first try of this Idempotency-Key is still running (answered with `Retry-After`). */
  idempotencyKeyInProgress: { status: 409, message: 'A request with this Idempotency-Key is still being processed' },
  /** A service this request needs did not answer (or answered what it should not); `service` names it. */
  upstreamUnavailable: {
    status: 502,
    message: (p: { service?: string } = {}) =>
      p.service ? `The ${p.service} service is unavailable` : 'A service this request needs is unavailable',
  },
  unavailable: {
    status: 503,
    message: (p: { message?: string } = {}) => p.message ?? 'The service is briefly unavailable; please try again',
  },
  /** COMMIT was sent and the connection died before PostgreSQL said whether it took. */
  commitOutcomeUnknown: {
    status: 503,
    message:
      'The connection to the database was lost while saving; the change may have been saved. Check before trying again.',
  },
  /** Readiness while the process stops: no new work is sent to it. */
  shuttingDown: { status: 503, message: 'Shutting down' },
  /** Readiness when a check (the database, the event bus) fails. */
  notReady: { status: 503, message: 'Not ready' },
  /** Anything else that failed: nothing of it (stack, SQL) is in the answer. */
  internal: { status: 500, message: 'Internal server error' },
  // What the body parsers, the multipart parser and the object store refuse in what the client sent.
  requestTooLarge: { status: 413, message: 'Request body too large' },
  malformedJson: { status: 400, message: 'Malformed JSON body' },
  unsupportedEncoding: { status: 415, message: 'Unsupported content encoding' },
  uploadTooLarge: { status: 413, message: 'File too large' },
  unexpectedFileField: { status: 400, message: 'Unexpected file field' },
  fieldValueTooLarge: { status: 413, message: 'Field value too large' },
  tooManyParts: { status: 413, message: 'Too many parts' },
  tooManyFiles: { status: 400, message: 'Too many files' },
  tooManyFields: { status: 400, message: 'Too many fields' },
  invalidFileName: { status: 400, message: 'Invalid file name' },
  // What PostgreSQL refuses in a value the schemas let through (SQLSTATE class 22): the client sent it.
  valueOutOfRange: { status: 400, message: 'A value is out of range' },
  valueTooLong: { status: 400, message: 'A value is too long' },
  valueNotStorable: { status: 400, message: 'A value holds a character that cannot be stored' },
  valueInvalid: { status: 400, message: 'A value is not valid' },
  uploadIncomplete: { status: 400, message: 'Upload was incomplete' },
});
