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

test('the landing page is whole in its HTML: no script runs, and Sign In and About work as plain HTML', async ({
  browser,
  page,
}) => {
  // Even a browser without scripts gets the whole page and can go on.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(stack.url + '/');
  await expect(bare.getByRole('heading', { level: 1, name: "Kakamega Children's Foundation" })).toBeVisible();
  await expect(bare.getByText('It Takes A Village To Raise A Child')).toBeVisible();
  await bare.getByRole('link', { name: 'About the foundation' }).click();
  await expect(bare).toHaveURL(/\/about$/);
  await noScript.close();

  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await new LandingPage(page).open(stack.url);
  await page.waitForLoadState('networkidle');
  // Nothing on the page asked for a script to run (the app's files are only prefetched into the cache).
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  expect(scripts).toEqual([]);
  await new LandingPage(page).startSignIn();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('signing in moves to the dashboard without reloading the page', async ({ page }) => {
  await page.goto(stack.url + '/login');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  // What the dashboard reads (sign-in and the current user aside): one request on a slow, paid-for line.
  const reads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && !path.startsWith('/api/auth/') && !path.startsWith('/api/login'))
      reads.push(`${r.method()} ${path}`);
  });
  const dashboardShown = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('net-balance')).toBeVisible();
    await expect(page.getByText('No beneficiaries registered yet.')).toBeVisible();
    await expect(page.getByText('No budget data available for this quarter.')).toBeVisible();
    await page.waitForLoadState('networkidle');
  };
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  await new Shell(page).expectSignedIn();
  await dashboardShown();
  expect(reads).toEqual(['GET /api/dashboard']);
  await expect(page).toHaveURL(stack.url + '/');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(documents).toEqual([]);
  // A reload now is a signed-in page: the app page, not the landing page.
  reads.length = 0;
  await page.reload();
  await dashboardShown();
  expect(reads).toEqual(['GET /api/dashboard']);
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
    // Each visit tries again: the card once more while the server is down.
    await shell.go('Budget');
    await expect(page.getByText('This section could not be loaded')).toBeVisible();
    // Once the remote's server is back, Retry loads it.
    await stack.restartProcess('remote-finance');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectRemotePage(page, 'Budget');
  } finally {
    await stack.restartProcess('remote-finance').catch(() => undefined);
  }
});

test("a page opened again comes from the browser's copy of the shell, while its reads and files still go to the server", async ({
  page,
}) => {
  const shell = await signInAsFirstSuperadmin(page, stack.url);
  await shell.go('Beneficiaries');
  await expectRemotePage(page, 'Beneficiaries');
  // The shell's service worker took charge of the page once it had loaded, and keeps one copy of the shell.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });

  const answers: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === stack.url) answers.push({ path: url.pathname, fromWorker: r.fromServiceWorker() });
  });
  const reloaded = await page.reload();
  await expectRemotePage(page, 'Beneficiaries');
  await page.waitForLoadState('networkidle');
  expect(reloaded?.fromServiceWorker()).toBe(true);
  const reads = answers.filter((a) => a.path.startsWith('/api/'));
  expect(reads.map((a) => a.path)).toContain('/api/auth/user');
  expect(reads.map((a) => a.path)).toContain('/api/beneficiaries');
  expect(answers.filter((a) => a.path !== '/beneficiaries' && a.fromWorker)).toEqual([]);

  // Nothing but the shell's index.html is kept: no answer of the API, no one's data.
  const kept = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        all.push(`${name} ${new URL(request.url).pathname}`);
    return all;
  });
  expect(kept).toEqual(['kcf-shell-1 /__shell__/index.html']);

  // The home page stays the server's to answer (the landing page for a visitor without a session).
  const home = await page.goto(stack.url + '/');
  expect(home?.fromServiceWorker()).toBe(false);
});
