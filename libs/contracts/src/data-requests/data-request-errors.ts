import { API_MESSAGES } from '../common/messages';
import { defineErrors } from '../errors/catalogue';
import { DATA_REQUEST_MESSAGES } from './data-request';

/** Every error the data-request routes (svc-beneficiaries) answer with, beyond the common ones. */
export const DATA_REQUEST_ERRORS = defineErrors('dataRequests', {
  /** The child to erase does not exist. */
  beneficiaryNotFound: { status: 404, message: API_MESSAGES.beneficiaryNotFound },
  /** The confirmation typed is not the child's id. */
  confirmMismatch: { status: 400, message: DATA_REQUEST_MESSAGES.confirmMismatch, field: 'confirm' },
  dataRequestNotFound: { status: 404, message: 'Data request not found' },
});
