import { apiRequest } from '@kcf/web-kit';

/** Signs out: posts the local logout; on success goes to /, otherwise to the /api/logout page. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout/local');
    window.location.assign('/');
  } catch {
    window.location.assign('/api/logout');
  }
}
