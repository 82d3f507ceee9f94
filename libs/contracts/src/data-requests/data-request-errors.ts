import { API_MESSAGES } from '../common/messages';
import { defineErrors } from '../errors/catalogue';
import { DATA_REQUEST_MESSAGES } from './data-request';

/** Every error the data-request routes (svc-beneficiaries) answer with, beyond the common ones. */
export const DATA_REQUEST_ERRORS = defineErrors('dataRequests', {
  /** The child to erase does not exist. */
  beneficiaryNotFound: { status: 404, message: API_MESSAGES.beneficiaryNotFound },
  /** Staff asked for an export without saying why (exportReasonRequired). */
  exportReasonRequired: { status: 400, message: DATA_REQUEST_MESSAGES.reasonRequired, field: 'reason' },
  /** The confirmation typed is not the child's id. */
  confirmMismatch: { status: 400, message: DATA_REQUEST_MESSAGES.confirmMismatch, field: 'confirm' },
  dataRequestNotFound: { status: 404, message: 'Data request not found' },
  /** An export's ZIP asked for before it is built, or by anyone but the user who asked for it. */
  exportNotReady: { status: 404, message: 'This export is not ready to download' },
  /** An export's ZIP asked for after its 24 hours. */
  exportExpired: { status: 410, message: 'This download has expired; ask for a new export' },
});
