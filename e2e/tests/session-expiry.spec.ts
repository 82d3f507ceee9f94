import { expect, test } from '@playwright/test';
import { expectToast, FinancesScreen } from '../support/finance-pages';
import { LoginPage, Shell } from '../support/pages';
import { DRAFT_NOTICE, signOutInAnotherTab, timeCurrentUserRead } from '../support/session-expiry-pages';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startDistributedStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

test('a half-filled dialog survives the end of the session: sign in again, back on the page, Restore', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto(stack.url + '/login');
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();

  await finances.addIncomeButton().click();
  let dialog = page.getByRole('dialog', { name: 'Add Income' });
  await dialog.getByLabel(/^Amount/).fill('1250');
  await dialog.getByLabel(/^Source/).fill('Rotary Club Kakamega');

  // The session ends on the server; the save is refused and the product goes to sign-in.
  await signOutInAnotherTab(context, stack.url);
  const afterSignOut = await timeCurrentUserRead(page, async () => {
    await dialog.getByRole('button', { name: 'Add Income' }).click();
    await expect(page.locator('.kcf-toast__title').filter({ hasText: 'Unauthorized' })).toBeVisible();
  });
  console.log(`GET /api/auth/user after the session ended elsewhere: ${afterSignOut.ms.toFixed(0)} ms`);
  expect(afterSignOut.status).toBe(401);
  expect(afterSignOut.ms).toBeLessThan(1000);
  await expect(page).toHaveURL(/\/login$/);

  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/finances$/);
  await finances.expectLoaded();

  await finances.addIncomeButton().click();
  dialog = page.getByRole('dialog', { name: 'Add Income' });
  await expect(dialog.getByText(DRAFT_NOTICE)).toBeVisible();
  await expect(dialog.getByLabel(/^Source/)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('1250');
  await expect(dialog.getByLabel(/^Source/)).toHaveValue('Rotary Club Kakamega');
  await expect(dialog.getByText(DRAFT_NOTICE)).toBeHidden();

  // Saved: nothing is kept any more.
  await dialog.getByRole('button', { name: 'Add Income' }).click();
  await expectToast(page, 'Success', 'Income created successfully');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('kcf.draft:')))).toEqual(
    [],
  );
  await finances.addIncomeButton().click();
  await expect(page.getByRole('dialog', { name: 'Add Income' }).getByText(DRAFT_NOTICE)).toHaveCount(0);
});

test('after the inactivity sign-out the sign-in page says why, and signing in again leads back to the page and offers the dialog’s fields', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await page.goto(stack.url + '/login');
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  await shell.go('Finances');
  const finances = new FinancesScreen(page);
  await finances.expectLoaded();
  await finances.addIncomeButton().click();
  let dialog = page.getByRole('dialog', { name: 'Add Income' });
  await dialog.getByLabel(/^Amount/).fill('800');
  await dialog.getByLabel(/^Source/).fill('Harambee at St. Joseph');

  // Five idle minutes: the expiry toast, then the session ends and the sign-in page says why.
  await page.clock.runFor('05:01');
  await expect(page).toHaveURL(`${stack.url}/login?signedOut=idle`);
  await expect(
    page.getByRole('status').filter({ hasText: 'You were signed out after 5 minutes without activity.' }),
  ).toBeVisible();
  expect((await page.request.get(`${stack.url}/api/auth/user`)).status(), 'the session ended on the server').toBe(401);

  // Signing in leads straight back to Finances; the dialog offers what was typed, at its first opening.
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/finances$/);
  await expect(page.getByText('You were signed out after 5 minutes without activity.')).toHaveCount(0);
  await finances.addIncomeButton().click();
  dialog = page.getByRole('dialog', { name: 'Add Income' });
  await expect(dialog.getByText(DRAFT_NOTICE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('800');
  await expect(dialog.getByLabel(/^Source/)).toHaveValue('Harambee at St. Joseph');

  // Closed with Cancel, the kept fields are dropped: not offered again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await finances.addIncomeButton().click();
  dialog = page.getByRole('dialog', { name: 'Add Income' });
  await expect(dialog.getByLabel(/^Source/)).toHaveValue('');
  await expect(dialog.getByText(DRAFT_NOTICE)).toHaveCount(0);
});

test('after a sign-out, the next GET /api/auth/user answers at once, on the connections the page already holds', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(stack.url + '/login');
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  await shell.go('Finances');
  await new FinancesScreen(page).expectLoaded();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);
  const signedOut = await timeCurrentUserRead(page, () =>
    page.getByRole('button', { name: 'Sign In to Continue' }).click(),
  );
  console.log(`GET /api/auth/user after Sign out: ${signedOut.ms.toFixed(0)} ms`);
  expect(signedOut.status).toBe(401);
  expect(signedOut.ms).toBeLessThan(1000);
  await expect(page).toHaveURL(/\/login$/);

  // And the keep-alive ping of a page whose session ended elsewhere.
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  await shell.expectSignedIn();
  const ended = await page.evaluate(async () => {
    await fetch('/api/logout/local', { method: 'POST', credentials: 'include' });
    const started = performance.now();
    const answer = await fetch('/api/auth/user', { credentials: 'include' });
    await answer.text();
    return { status: answer.status, ms: performance.now() - started };
  });
  console.log(`GET /api/auth/user right after a sign-out, same page: ${ended.ms.toFixed(0)} ms`);
  expect(ended.status).toBe(401);
  expect(ended.ms).toBeLessThan(1000);
});
