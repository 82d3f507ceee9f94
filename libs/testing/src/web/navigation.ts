import { browserNavigation } from '@kcf/web-kit';

/**
 * Watches where the app sends the browser (`redirectTo`, `redirectToLogin`, a notify's trip to sign-in)
 * instead of leaving the page jsdom cannot leave. A jest mock of `assign(path)`; restore it after the test
 * (`jest.restoreAllMocks()`, or `.mockRestore()`).
 */
export function watchNavigation(): jest.SpyInstance<void, [path: string]> {
  return jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
}
