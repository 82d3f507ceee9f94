import { expect, test } from '@playwright/test';
import { startDistributedStack, type Stack } from '../support/stacks';
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
