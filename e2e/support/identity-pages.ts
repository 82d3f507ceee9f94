import { expect, request, type APIRequestContext, type Page } from '@playwright/test';

/** Page objects of sign-in, the signed-in chrome, Change Password and User Management. */

export const TOASTS = {
  passwordChanged: 'Your password has been successfully updated. You will be logged out.',
  userCreated: 'User created successfully. They will need to change their password on first login.',
  passwordReset: 'Password reset successfully. User will be required to change password on next login.',
  userDeleted: 'User deleted successfully',
};

export class SignIn {
  constructor(private readonly page: Page) {}

  async fromLanding(baseUrl: string) {
    await this.page.goto(baseUrl + '/');
    // Logo, mission and the four feature cards.
    await expect(this.page.getByRole('img', { name: /logo/ })).toBeVisible();
    await expect(this.page.getByRole('heading', { level: 2 })).toHaveText([
      'Beneficiary Management',
      'Gifts Tracking',
      'Financial Management',
      'Impact Tracking',
    ]);
    await this.fromHere();
  }

  /** From the landing page already on screen. */
  async fromHere() {
    await expect(this.page.getByText('It Takes A Village To Raise A Child')).toBeVisible();
    await this.page.getByRole('button', { name: 'Sign In to Continue' }).click();
    await this.page.waitForURL(/\/login$/);
    for (const blurb of ['Quality Education', 'Community Support', 'Healthcare Access']) {
      await expect(this.page.getByText(blurb, { exact: true })).toBeVisible();
    }
  }

  async submit(username: string, password: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }
}

export class Chrome {
  constructor(private readonly page: Page) {}

  nav() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  async expectLinks(labels: string[]) {
    await expect(this.nav().getByRole('link')).toHaveText(labels);
  }

  async expectUser(text: string | RegExp) {
    await expect(this.page.getByTestId('sidebar-user')).toHaveText(text);
    await expect(this.page.locator('#sidebar').getByText("Kakamega Children's Foundation").first()).toBeVisible();
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(this.page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
  }
}

/** The role options of Create New User, as the specification writes them. */
export const ROLE_OPTIONS = [
  'Viewer: view-only access to all sections.',
  'Admin: full access except user management.',
  'Super Admin: full access including user management and delete operations.',
  'Beneficiary: access limited to own profile and records.',
];

/** Collects what a page logs to its console from now on. */
export function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  return lines;
}

/** The module-federation runtime's complaint about a shared library's version, among console lines. */
export const federationVersionWarnings = (lines: string[]) =>
  lines.filter((line) => /Federation Runtime.*(does not satisfy|Version)/i.test(line));

export class ChangePassword {
  constructor(private readonly page: Page) {}

  /** Types a new password and reads what the strength meter and the requirements box say of it. */
  async judge(next: string): Promise<{ strength: string | null; unmet: string[] }> {
    const main = this.page.getByRole('main');
    await main.getByLabel(/^New Password/).fill(next);
    const meter = main.getByRole('meter', { name: 'Password strength' });
    await expect(meter).toBeVisible();
    const unmet = await main
      .getByLabel('Password requirements')
      .getByRole('listitem')
      .filter({ hasText: '(not met)' })
      .evaluateAll((items) => items.map((item) => (item.textContent ?? '').replace('(not met)', '').trim()));
    return { strength: await meter.getAttribute('aria-valuetext'), unmet };
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/change-password$/);
    await expect(this.page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  }

  /** Changes the password; the product then signs out and shows the landing page. */
  async change(current: string, next: string) {
    const main = this.page.getByRole('main');
    await main.getByLabel(/^Current Password/).fill(current);
    await main.getByLabel(/^New Password/).fill(next);
    await expect(main.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Strong');
    await main.getByLabel(/^Confirm New Password/).fill(next);
    await main.getByRole('button', { name: 'Change Password' }).click();
    await expect(this.page.getByText(TOASTS.passwordChanged)).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible({ timeout: 10_000 });
  }
}

export interface NewUser {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  role: 'viewer' | 'admin' | 'superadmin' | 'beneficiary';
  email?: string;
  beneficiaryId?: string;
  /** In the dialog, the child is found by this name and picked from the results. */
  beneficiaryName?: string;
}

export class UserManagement {
  constructor(private readonly page: Page) {}

  row(username: string) {
    return this.page.getByTestId(`user-row-${username}`);
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(this.page.getByText('Manage user accounts and permissions')).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Users' })).toBeVisible();
  }

  /** Opens Create New User. */
  async openCreate() {
    await this.page.getByRole('button', { name: 'Create User' }).click();
    const dialog = this.dialog();
    await expect(dialog.getByRole('heading', { name: 'Create New User' })).toBeVisible();
    return dialog;
  }

  /** Tries a temporary password in the open Create New User dialog and returns the message under it. */
  async refusedTemporaryPassword(password: string): Promise<string> {
    const dialog = this.dialog();
    await dialog.getByLabel(/^Temporary Password/).fill(password);
    await dialog.getByLabel(/^Confirm Password/).fill(password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    const field = dialog
      .locator('.kcf-field')
      .filter({ has: this.page.locator('label', { hasText: /^Temporary Password/ }) });
    const message = field.locator('.kcf-field__error');
    await expect(message).toBeVisible();
    return message.innerText();
  }

  async create(user: NewUser) {
    const dialog = await this.openCreate();
    await dialog.getByLabel(/^First Name/).fill(user.firstName);
    await dialog.getByLabel(/^Last Name/).fill(user.lastName);
    await dialog.getByLabel(/^Username/).fill(user.username);
    await expect(dialog.getByTestId('username-counter')).toHaveText(`${user.username.length}/10 characters`);
    if (user.email) await dialog.getByLabel(/^Email/).fill(user.email);
    await dialog.getByLabel(/^User Role/).selectOption(user.role);
    if (user.beneficiaryName) {
      await dialog.getByLabel(/^Beneficiary/).fill(user.beneficiaryName);
      await dialog
        .getByRole('list', { name: 'Matching beneficiaries' })
        .getByRole('button', { name: new RegExp(user.beneficiaryName) })
        .click();
    }
    await dialog.getByLabel(/^Temporary Password/).fill(user.password);
    await dialog.getByLabel(/^Confirm Password/).fill(user.password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(this.page.getByText(TOASTS.userCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(this.row(user.username)).toBeVisible();
  }

  /** Types into the search box; the list follows once typing pauses. */
  async search(text: string) {
    await this.page.getByRole('searchbox', { name: /^Search/ }).fill(text);
  }

  async filter(label: 'Role' | 'Status', option: string) {
    await this.page.getByLabel(label, { exact: true }).selectOption({ label: option });
  }

  /** The rows shown are these users' and no one else's. */
  async expectRows(usernames: string[]) {
    await expect(this.page.getByRole('table', { name: 'Users' }).locator('[data-testid^="user-row-"]')).toHaveCount(
      usernames.length,
    );
    for (const username of usernames) await expect(this.row(username)).toBeVisible();
  }

  async resetPassword(username: string, fullName: string, newPassword: string) {
    await this.row(username)
      .getByRole('button', { name: /^Reset Password/ })
      .click();
    const dialog = this.dialog();
    await expect(dialog.getByText(fullName)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    await dialog.getByLabel(/^New Password/).fill(newPassword);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect(this.page.getByText(TOASTS.passwordReset)).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  async delete(username: string, fullName: string) {
    const question = new Promise<string>((resolve) => {
      this.page.once('dialog', async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      });
    });
    await this.row(username)
      .getByRole('button', { name: /^Delete/ })
      .click();
    expect(await question).toBe(`Are you sure you want to delete user ${fullName}? This action cannot be undone.`);
    await expect(this.page.getByText(TOASTS.userDeleted)).toBeVisible();
    await expect(this.row(username)).toHaveCount(0);
  }
}

/** A signed-in API client (for seeding through the product's own calls). */
export async function apiSignedInAs(baseURL: string, username: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login/local', { data: { username, password } });
  if (!res.ok()) throw new Error(`sign-in of ${username} failed: ${res.status()} ${await res.text()}`);
  return api;
}

export async function createUserThroughApi(api: APIRequestContext, user: NewUser): Promise<void> {
  const res = await api.post('/api/users', { data: user });
  if (!res.ok()) throw new Error(`creating ${user.username} failed: ${res.status()} ${await res.text()}`);
}
