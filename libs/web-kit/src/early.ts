/**
 * What the shell's first script is built from (early-requests.ts, and what turns a page's declared reads into
 * addresses): modules that import nothing at run time, so it may run before the shared libraries are negotiated.
 */
export {
  CURRENT_USER_URL,
  recordAddress,
  recordFor,
  REMOTE_MANIFEST_URL,
  startEarlyRequests,
} from './api/early-requests';
export { urlFromQueryKey } from './api/query-url';
