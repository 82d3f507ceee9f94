import { expect, type Page } from '@playwright/test';
import { LandingPage, LoginPage, Shell } from '../support/pages';
import { ADMIN } from '../support/stacks';

/** Landing → sign in as the first superadmin → the shell with its sidebar. */
export async function signInAsFirstSuperadmin(page: Page, baseUrl: string): Promise<Shell> {
  const landing = new LandingPage(page);
  await landing.open(baseUrl);
  await landing.startSignIn();
  await new LoginPage(page).signIn(ADMIN.username, ADMIN.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  return shell;
}

/** Each remote's page renders over module federation, sharing the host's React and QueryClient. */
export async function visitEveryRemote(page: Page, shell: Shell) {
  const remoteEntries: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('remoteEntry.js')) remoteEntries.push(new URL(r.url()).pathname);
  });
  const sections: [string, RegExp, string][] = [
    ['Beneficiaries', /\/beneficiaries$/, 'beneficiaries'],
    ['Gifts', /\/gifts$/, 'beneficiaries'],
    ['Finances', /\/finances$/, 'finance'],
    ['Budget', /\/budget$/, 'finance'],
    ['User Management', /\/users$/, 'admin'],
  ];
  for (const [link, url, remote] of sections) {
    await shell.go(link);
    await expect(page).toHaveURL(url);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    // The remote read the signed-in user from the host's QueryClient.
    await expect(main.getByTestId('remote-user')).toContainText('e2eadmin');
    expect(remoteEntries.some((p) => p.includes(`/remotes/${remote}/`))).toBe(true);
  }
  // Each remote entry was fetched once, only when its route was first visited.
  expect(new Set(remoteEntries).size).toBe(remoteEntries.length);
}
