export {
  ApiError,
  errorMessageOf,
  isUnauthorizedError,
  isPasswordChangeRequiredError,
  isNetworkError,
} from './api/api-error';
export {
  OfflineError,
  isOfflineError,
  browserIsOffline,
  OFFLINE_SAVE_MESSAGE,
  OFFLINE_READ_MESSAGE,
} from './api/offline-error';
export { retryReadOnLostConnection, MAX_READ_RETRIES_OFFLINE } from './api/network-policy';
export { apiRequest, apiBlob, throwIfNotOk, type HttpMethod, type ApiRequestOptions } from './api/api-request';
export { IDEMPOTENCY_KEY_HEADER, SAVE_RETRY_DELAYS_MS, MAX_RETRY_AFTER_MS } from './api/save-retry';
export { getQueryFn, urlFromQueryKey, type On401 } from './api/query-fn';
export { readResponse, noteScript, recordAddress, forgetEarlyRequests } from './api/early-requests';
export { fetchPage, nextPageOffset, type Page, type PageParams } from './api/fetch-page';
export { createQueryClient, expensesQueryOptions } from './api/query-client';
export { photoSrc, thumbnailSrc } from './api/photo-src';
export {
  BENEFICIARIES_PATH,
  childKey,
  childPartKey,
  childProfileReads,
  CHILD_PROFILE_PARTS,
} from './api/child-profile-keys';
export {
  DASHBOARD_QUERY_KEY,
  DASHBOARD_STATS_QUERY_KEY,
  DASHBOARD_QUERY_KEYS,
  refreshDashboard,
} from './api/dashboard-keys';
export {
  useCurrentUser,
  CURRENT_USER_QUERY_KEY,
  type CurrentUser,
  type CurrentUserState,
} from './auth/use-current-user';
export { redirectTo, redirectToLogin, browserNavigation, REAUTH_REDIRECT_DELAY_MS } from './browser/redirect';
export { downloadBlob, downloadText } from './browser/download';
export { useOnlineStatus } from './browser/use-online-status';
export { whenIdle } from './browser/when-idle';
export { now, nowMs, setClock, manualClock, type Clock } from './time/clock';
export { formatMoney, type Currency } from './format/money';
export { formatDate, formatDateTime } from './format/date';
export { formatLastActive } from './format/relative-time';
export { formatFileSize } from './format/file-size';
export {
  firstErrorPerField,
  fieldErrorsFromAnswer,
  type FieldErrors,
  type FieldIssue,
  type FormSchema,
} from './form/field-errors';
export {
  useForm,
  type BoundControl,
  type Form,
  type FormControls,
  type TextField,
  type UseFormOptions,
} from './form/use-form';
export { type FormDraft } from './form/use-form-draft';
export { useSearchBox, SEARCH_DELAY_MS } from './form/use-search-box';
export { clearDraftsExcept } from './form/form-draft';
export {
  failureToast,
  unauthorizedToast,
  UNAUTHORIZED_TOAST,
  type FailureOptions,
  type FailureToast,
  type UnauthorizedForm,
} from './notify/failure-toast';
export { useNotify, type Notify } from './notify/use-notify';
export { useDeleteConfirm, type DeleteConfirmOptions, type TextFor } from './notify/use-delete-confirm';
export { BeneficiaryPicker, type BeneficiaryPickerProps } from './beneficiaries/beneficiary-picker';
