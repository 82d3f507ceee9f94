import { expect, test, type Page } from '@playwright/test';
import { ADMIN, startDistributedStack, type Stack } from '../support/stacks';
import {
  apiSignedInAs,
  ChangePassword,
  Chrome,
  consoleOf,
  createUserThroughApi,
  federationVersionWarnings,
  ROLE_OPTIONS,
  SignIn,
  UserManagement,
  type NewUser,
} from '../support/identity-pages';

const TEMPORARY = 'Temp!pass1';
const CHOSEN = 'Kcf!2026pw';
const STAFF_LINKS = ['Dashboard', 'Beneficiaries', 'Gifts', 'Finances', 'Budget'];

/** The child the beneficiary users are linked to, registered first (identity checks that it exists). */
const CHILD = { fullName: 'Neema Achieng', id: '' };

const PEOPLE: (NewUser & { sees: string[]; label: string })[] = [
  {
    firstName: 'Vera',
    lastName: 'Achieng',
    username: 'vera',
    password: TEMPORARY,
    role: 'viewer',
    sees: STAFF_LINKS,
    label: 'Vera (Viewer)',
  },
  {
    firstName: 'Amos',
    lastName: 'Kiprop',
    username: 'amos',
    password: TEMPORARY,
    role: 'admin',
    sees: STAFF_LINKS,
    label: 'Amos (Admin)',
  },
  {
    firstName: 'Mary',
    lastName: 'Wafula',
    username: 'mary',
    password: TEMPORARY,
    role: 'beneficiary',
    sees: ['Beneficiaries', 'Gifts'],
    label: 'Mary (Beneficiary)',
  },
];

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startDistributedStack();
  const api = await apiSignedInAs(stack.url, ADMIN.username, ADMIN.password);
  try {
    const registered = await api.post('/api/beneficiaries', {
      multipart: {
        fullName: CHILD.fullName,
        dateOfBirth: '2014-03-09',
        homeVillage: 'Shinyalu',
        subCounty: 'Lurambi',
        county: 'kakamega',
        guardianName: 'Mary Wafula',
        guardianPhone: '0712345678',
        schoolName: 'Shinyalu Primary',
        gradeLevel: 'grade_4',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    CHILD.id = ((await registered.json()) as { id: string }).id;
    for (const { sees: _sees, label: _label, ...user } of PEOPLE) {
      await createUserThroughApi(api, user.role === 'beneficiary' ? { ...user, beneficiaryId: CHILD.id } : user);
    }
  } finally {
    await api.dispose();
  }
});
test.afterAll(async () => {
  await stack?.stop();
});

async function signIn(page: Page, username: string, password: string) {
  const signIn = new SignIn(page);
  await signIn.fromLanding(stack.url);
  await signIn.submit(username, password);
}

test('the superadmin signs in, sees every section, manages users on a small screen and signs out', async ({ page }) => {
  const logged = consoleOf(page);
  await signIn(page, ADMIN.username, ADMIN.password);
  const chrome = new Chrome(page);
  await chrome.expectLinks([...STAFF_LINKS, 'User Management', 'Audit Log', 'Data requests']);
  await chrome.expectUser('System (Super Admin)');

  await page.goto(stack.url + '/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();

  // Below 1024px the sidebar is a drawer behind the top bar's menu button; tapping a link closes it.
  await page.setViewportSize({ width: 800, height: 900 });
  const sidebar = page.locator('#sidebar');
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeInViewport();
  await chrome.nav().getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(sidebar).not.toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 900 });

  const users = new UserManagement(page);
  await users.expectShown();
  await expect(users.row(ADMIN.username).getByRole('button', { name: /^Edit/ })).toBeVisible();
  await expect(users.row(ADMIN.username).getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The role options read as the specification writes them; a temporary password the sign-in form would refuse
  // (the new user could never sign in) is refused in the dialog, with the sign-in form's messages.
  const dialog = await users.openCreate();
  await expect(dialog.getByLabel(/^User Role/).locator('option')).toHaveText(ROLE_OPTIONS);
  expect(await users.refusedTemporaryPassword('abcde')).toBe('Password must be at least 6 characters');
  expect(await users.refusedTemporaryPassword('abcdef')).toBe('Password must be at least 8 characters');
  expect(await users.refusedTemporaryPassword('abcdefgh')).toBe('Password must contain at least one uppercase letter');
  expect(await users.refusedTemporaryPassword('Abcdefgh')).toBe('Password must contain at least one symbol');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // And so does the server.
  const refused = await page.request.post(`${stack.url}/api/users`, {
    headers: { Origin: stack.url },
    data: { firstName: 'Lock', lastName: 'Out', username: 'lockout', password: 'abcdef', role: 'viewer' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors[0]).toEqual({
    path: 'password',
    message: 'Password must be at least 8 characters',
  });

  await users.create({ firstName: 'Kefa', lastName: 'Njoroge', username: 'kefa', password: TEMPORARY, role: 'admin' });
  const row = users.row('kefa');
  await expect(row.getByText('Program Coordinator')).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Just now')).toBeVisible();

  await users.resetPassword('kefa', 'Kefa Njoroge', 'Reset!2026a');
  // The reset password works, and the user must change it at the next sign-in.
  const kefa = await apiSignedInAs(stack.url, 'kefa', 'Reset!2026a');
  try {
    const me = await (await kefa.get('/api/auth/user')).json();
    expect(me.mustChangePassword).toBe(true);
  } finally {
    await kefa.dispose();
  }

  await users.delete('kefa', 'Kefa Njoroge');
  await page.reload();
  await users.expectShown();
  await expect(users.row('kefa')).toHaveCount(0);

  await chrome.signOut();
  await expect(page).toHaveURL(stack.url + '/');

  // Every page shared one zod, of a declared version: the federation runtime had nothing to complain about.
  expect(logged.length, 'the console was listened to').toBeGreaterThan(0);
  expect(federationVersionWarnings(logged)).toEqual([]);
});

test('finds users by name, username or email, role and status, and links a guardian to a child picked by name', async ({
  page,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await new Chrome(page).nav().getByRole('link', { name: 'User Management' }).click();
  const users = new UserManagement(page);
  await users.expectShown();

  await users.create({
    firstName: 'Halima',
    lastName: 'Were',
    username: 'halima',
    password: TEMPORARY,
    role: 'beneficiary',
    email: 'halima.were@example.org',
    beneficiaryName: CHILD.fullName,
  });
  const row = users.row('halima');
  await expect(row.getByRole('cell', { name: 'halima', exact: true })).toBeVisible();
  await expect(row.getByText('halima.were@example.org')).toBeVisible();
  await expect(row.getByText('Beneficiary', { exact: true })).toBeVisible();

  await users.search('WERE@EXAMPLE');
  await users.expectRows(['halima']);
  await users.search('');
  await users.filter('Role', 'Beneficiary');
  await users.expectRows(['mary', 'halima']);
  await users.filter('Status', 'Inactive');
  await expect(page.getByText('No users match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(users.row(ADMIN.username)).toBeVisible();
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('');
});

for (const person of PEOPLE) {
  test(`a new ${person.role} must change the password first, then sees the sidebar of the role and signs out`, async ({
    page,
  }) => {
    await signIn(page, person.username, TEMPORARY);
    const change = new ChangePassword(page);
    await change.expectShown();
    const chrome = new Chrome(page);
    await chrome.expectLinks([]);
    await expect(page.getByText('Change your password to continue.')).toBeVisible();
    await chrome.expectUser(person.label);
    // Nothing else opens until the password is changed.
    await page.goto(stack.url + '/budget');
    await change.expectShown();
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    // The meter never calls Strong a password the form refuses: '#' is not one of the allowed specials, and the
    // requirements say which are.
    expect(await change.judge('Abcdefgh1#')).toEqual({
      strength: 'Good',
      unmet: ['One special character (@$!%*?&)', 'Only letters, numbers and those special characters'],
    });
    expect(await change.judge('Abcdefgh1!')).toEqual({ strength: 'Strong', unmet: [] });

    await change.change(TEMPORARY, CHOSEN);
    await expect(page).toHaveURL(stack.url + '/');

    const signInPage = new SignIn(page);
    await signInPage.fromHere();
    await signInPage.submit(person.username, TEMPORARY);
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await signInPage.submit(person.username, CHOSEN);
    await chrome.expectLinks(person.sees);
    // Signed in: the failed try's toast went with it (it would otherwise stay its 5 seconds over the new page).
    expect(
      await page.locator('.kcf-toast').filter({ hasText: 'Login Failed' }).count(),
      "the 'Login Failed' toast is gone",
    ).toBe(0);
    await chrome.expectUser(person.label);
    if (person.role === 'beneficiary') await expect(page).toHaveURL(new RegExp(`/beneficiaries/${CHILD.id}$`));
    else await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.goto(stack.url + '/users');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await chrome.signOut();
  });
}

test('after 4 idle minutes a warning shows; activity restarts the count; at 5 the session ends', async ({ page }) => {
  await page.clock.install();
  await signIn(page, ADMIN.username, ADMIN.password);
  await new Chrome(page).expectLinks([...STAFF_LINKS, 'User Management', 'Audit Log', 'Data requests']);

  await page.clock.fastForward('04:00');
  await expect(page.getByText('Session Warning')).toBeVisible();
  await expect(page.getByText('You will be logged out in 1 minute due to inactivity.', { exact: false })).toBeVisible();

  // Moving the mouse starts a new idle period, and tells the server the session is in use.
  const keepAlive = page.waitForRequest((r) => r.url().endsWith('/api/auth/user'));
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 340);
  await keepAlive;
  await page.clock.fastForward('01:30');
  await expect(page.getByText('Session Expired')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-user')).toBeVisible();

  await page.clock.fastForward('03:30');
  await expect(page.getByText('Session Expired')).toBeVisible();
  await expect(page.getByText('You have been logged out due to inactivity.')).toBeVisible();
  await page.clock.fastForward(600);
  // The sign-in page, saying why.
  await expect(page).toHaveURL(`${stack.url}/login?signedOut=idle`);
  await expect(page.getByText('You were signed out after 5 minutes without activity.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  // The session really ended on the server.
  const answer = await page.request.get(stack.url + '/api/auth/user');
  expect(answer.status()).toBe(401);
});
