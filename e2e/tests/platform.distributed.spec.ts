import { expect, test } from '@playwright/test';
import { LandingPage, LoginPage, Shell } from '../support/pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';
import { expectRemotePage, signInAsFirstSuperadmin, visitEveryRemote } from './platform-shared';

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDistributedStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

test('the landing page says what the product is and offers sign-in', async ({ page }) => {
  await page.goto(stack.url + '/somewhere/else');
  await expect(page.getByText('It Takes A Village To Raise A Child')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
});

test('the landing page arrives drawn in its HTML, then comes alive without a second draw or a who-am-I call', async ({ browser, page }) => {
  // Without scripts, the page is still there: it is in the HTML itself.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(stack.url + '/');
  await expect(bare.getByRole('heading', { level: 1, name: "Kakamega Children's Foundation" })).toBeVisible();
  await expect(bare.getByText('It Takes A Village To Raise A Child')).toBeVisible();
  await noScript.close();

  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const userReads: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/user' && userReads.push(r.url()));
  await new LandingPage(page).open(stack.url);
  await page.waitForLoadState('networkidle');
  // Served without a session cookie, the page knows nobody is signed in; React took the markup over
  // without complaint (a mismatch would be logged as an error).
  expect(userReads).toEqual([]);
  expect(problems).toEqual([]);
  // The same markup, now React's: a click works.
  await new LandingPage(page).startSignIn();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('signing in moves to the dashboard without reloading the page', async ({ page }) => {
  await page.goto(stack.url + '/login');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  await new Shell(page).expectSignedIn();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(stack.url + '/');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(documents).toEqual([]);
  // A reload now is a signed-in page: the app page, not the landing page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the first superadmin signs in and every remote loads over module federation', async ({ page }) => {
  const shell = await signInAsFirstSuperadmin(page, stack.url);
  await visitEveryRemote(page, shell);
});

test('a remote whose server is down shows a retry card while the rest keeps working', async ({ page }) => {
  const shell = await signInAsFirstSuperadmin(page, stack.url);
  await stack.stopProcess('remote-finance');
  try {
    await shell.go('Budget');
    await expect(page.getByText('This section could not be loaded')).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    // The sidebar and the other sections still work.
    await shell.go('Beneficiaries');
    await expectRemotePage(page, 'Beneficiaries');
    // Once the remote's server is back, Retry loads it.
    await stack.restartProcess('remote-finance');
    await shell.go('Budget');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectRemotePage(page, 'Budget');
  } finally {
    await stack.restartProcess('remote-finance').catch(() => undefined);
  }
});
