/** The shell's first script's entry to early-requests.ts (imports nothing shared, so it may run before the shared libraries are negotiated). */
export { CURRENT_USER_URL, recordAddress, recordFor, REMOTE_MANIFEST_URL, startEarlyRequests } from './api/early-requests';
