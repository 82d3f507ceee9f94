import { apiRequest } from '@kcf/web-kit';

/** Spec §2: post the local logout; on success go to /, otherwise to the /api/logout page. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout/local');
    window.location.assign('/');
  } catch {
    window.location.assign('/api/logout');
  }
}
