import { expect, test } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { Shell } from '../support/pages';
import { startEmbeddedStack } from '../support/stacks';
import { signInAsFirstSuperadmin, visitEveryRemote } from './platform-shared';

test('one process: sign in, every remote renders, and a restart keeps the data', async ({ page }) => {
  test.setTimeout(240_000);
  const first = await startEmbeddedStack();
  try {
    const shell = await signInAsFirstSuperadmin(page, first.url);
    await visitEveryRemote(page, shell);
  } finally {
    await first.stop();
  }
  // A second start on the same data folder, told a different first password: nothing is recreated,
  // and the session stored in the first run still signs the browser in.
  const second = await startEmbeddedStack({ dataDir: first.dataDir, env: { ADMIN_PASSWORD: 'Other!Pass9' } });
  try {
    await page.goto(second.url + '/');
    await new Shell(page).expectSignedIn();
    const login = await page.request.post(second.url + '/api/login/local', {
      data: { username: 'e2eadmin', password: 'Other!Pass9' },
    });
    expect(login.status()).toBe(401);
  } finally {
    await second.stop();
    await rm(first.dataDir, { recursive: true, force: true });
  }
});
