import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The notice a form dialog shows when it kept fields from before the session ended. */
export const DRAFT_NOTICE = 'You have unsaved changes from before you were logged out.';

/**
 * Ends the session on the server the way another tab of the same browser does: a sign-out there. The page
 * under test keeps showing what it showed, and learns of it with its next request.
 */
export async function signOutInAnotherTab(context: BrowserContext, baseURL: string): Promise<void> {
  const other = await context.newPage();
  await other.goto(`${baseURL}/about`);
  const status = await other.evaluate(
    async () => (await fetch('/api/logout/local', { method: 'POST', credentials: 'include' })).status,
  );
  expect(status).toBe(200);
  await other.close();
}

/**
 * How long the next `GET /api/auth/user` of `page` takes, from the request's start to its answer's end,
 * and its status: starts listening now, `act` then makes the page ask.
 */
export async function timeCurrentUserRead(
  page: Page,
  act: () => Promise<void>,
): Promise<{ ms: number; status: number }> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/user', {
    timeout: 30_000,
  });
  await act();
  const response = await answered;
  await response.finished();
  const timing = response.request().timing();
  return { ms: timing.responseEnd, status: response.status() };
}
