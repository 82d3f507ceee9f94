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
  let currentUserReads = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    // Scripts run, not the entries fetched into the cache ahead (the sidebar's prefetch once idle).
    if (path.endsWith('remoteEntry.js') && r.resourceType() === 'script') remoteEntries.push(path);
    if (path === '/api/auth/user') currentUserReads += 1;
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
    await expectRemotePage(page, link);
    expect(remoteEntries.some((p) => p.includes(`/remotes/${remote}/`))).toBe(true);
  }
  // The remotes read the signed-in user (for their role gating) from the host's one QueryClient:
  // none of them asked the server again.
  expect(currentUserReads).toBe(0);
  // Each remote entry ran once, when its route was first visited.
  expect(new Set(remoteEntries).size).toBe(remoteEntries.length);
}

/** A remote's page has rendered: its title is the main heading. */
export async function expectRemotePage(page: Page, title: string) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: title })).toBeVisible();
}
