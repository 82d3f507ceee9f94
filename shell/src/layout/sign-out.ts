import { apiRequest, forgetEarlyRequests } from '@kcf/web-kit';
import { forgetReturnPath } from '../session/return-path';

/**
 * Signs out: posts the local logout; on success goes to /, otherwise to the /api/logout page. The next
 * sign-in starts on the home page.
 */
export async function signOut(): Promise<void> {
  forgetReturnPath();
  forgetEarlyRequests();
  try {
    await apiRequest('POST', '/api/logout/local');
    window.location.assign('/');
  } catch {
    window.location.assign('/api/logout');
  }
}
