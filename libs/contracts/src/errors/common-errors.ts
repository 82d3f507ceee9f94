import { API_MESSAGES } from '../common/messages';
import { defineErrors } from './catalogue';

/** Errors every service and the gateway answer with (api-contract.md, "Errors" and "Sessions and identity"). */
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
  /** A service this request needs did not answer (or answered what it should not); `service` names it. */
  upstreamUnavailable: {
    status: 502,
    message: (p: { service?: string } = {}) => (p.service ? `The ${p.service} service is unavailable` : 'A service this request needs is unavailable'),
  },
  unavailable: { status: 503, message: (p: { message?: string } = {}) => p.message ?? 'The service is briefly unavailable; please try again' },
});
